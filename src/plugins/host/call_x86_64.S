/* omprt_host_call(fn, nargs, args): call fn(args[0], ..., args[nargs-1]),
 * all arguments pointer-sized, as the x86_64 offload kernels clang-19 emits
 * take them: six in registers, the rest on the stack (16-byte aligned at
 * the call). */
        .text
        .globl  omprt_host_call
        .hidden omprt_host_call
        .type   omprt_host_call,@function
        .p2align 4
omprt_host_call:
        .cfi_startproc
        pushq   %rbp
        .cfi_def_cfa_offset 16
        .cfi_offset %rbp, -16
        movq    %rsp, %rbp
        .cfi_def_cfa_register %rbp
        pushq   %rbx
        pushq   %r12
        .cfi_offset %rbx, -24
        .cfi_offset %r12, -32
        movq    %rdi, %r10              /* fn */
        movq    %rdx, %r11              /* args */
        movl    %esi, %ebx              /* nargs */
        movl    %ebx, %eax
        subl    $6, %eax
        jle     .Lregs
        testl   $1, %eax
        jz      .Leven
        subq    $8, %rsp
.Leven:
        movl    %ebx, %r12d
.Lpush:
        cmpl    $6, %r12d
        jle     .Lregs
        decl    %r12d
        pushq   (%r11,%r12,8)
        jmp     .Lpush
.Lregs:
        cmpl    $1, %ebx
        jl      .Lcall
        movq    (%r11), %rdi
        cmpl    $2, %ebx
        jl      .Lcall
        movq    8(%r11), %rsi
        cmpl    $3, %ebx
        jl      .Lcall
        movq    16(%r11), %rdx
        cmpl    $4, %ebx
        jl      .Lcall
        movq    24(%r11), %rcx
        cmpl    $5, %ebx
        jl      .Lcall
        movq    32(%r11), %r8
        cmpl    $6, %ebx
        jl      .Lcall
        movq    40(%r11), %r9
.Lcall:
        xorl    %eax, %eax
        call    *%r10
        leaq    -16(%rbp), %rsp
        popq    %r12
        popq    %rbx
        popq    %rbp
        .cfi_def_cfa %rsp, 8
        ret
        .cfi_endproc
        .size   omprt_host_call, .-omprt_host_call
        .section .note.GNU-stack,"",@progbits
