/* omp_invoke_microtask(fn, gtid*, tid*, argc, argv, exit_frame): call an
 * outlined parallel/teams body `fn(gtid*, tid*, argv[0], ..., argv[argc-1])`.
 * clang outlines regions with any number of pointer arguments, so the call
 * must be built at run time: the first four go in rdx, rcx, r8, r9, the rest
 * on the stack, keeping the SysV 16-byte alignment at the call. When
 * exit_frame is not NULL it receives this frame's address (rbp), the frame
 * the body is called from: an OMPT tool's exit frame of the task. */
        .text
        .globl  omp_invoke_microtask
        .hidden omp_invoke_microtask
        .type   omp_invoke_microtask,@function
        .p2align 4
omp_invoke_microtask:
        .cfi_startproc
        pushq   %rbp
        .cfi_def_cfa_offset 16
        .cfi_offset %rbp, -16
        movq    %rsp, %rbp
        .cfi_def_cfa_register %rbp
        testq   %r9, %r9
        jz      .Lno_frame
        movq    %rbp, (%r9)             /* *exit_frame */
.Lno_frame:
        pushq   %rbx
        pushq   %r12
        .cfi_offset %rbx, -24
        .cfi_offset %r12, -32
        movq    %rdi, %r10              /* fn */
        movq    %r8, %r11               /* argv */
        movl    %ecx, %ebx              /* argc */
        /* stack arguments: argc - 4 when positive; pad to keep alignment */
        movl    %ebx, %eax
        subl    $4, %eax
        jle     .Lno_stack
        testl   $1, %eax
        jz      .Leven
        subq    $8, %rsp
.Leven:
        movl    %ebx, %r12d
.Lpush:
        cmpl    $4, %r12d
        jle     .Lno_stack
        decl    %r12d
        pushq   (%r11,%r12,8)
        jmp     .Lpush
.Lno_stack:
        movq    %rsi, %rdi              /* gtid* */
        movq    %rdx, %rsi              /* tid* */
        cmpl    $1, %ebx
        jl      .Lcall
        movq    (%r11), %rdx
        cmpl    $2, %ebx
        jl      .Lcall
        movq    8(%r11), %rcx
        cmpl    $3, %ebx
        jl      .Lcall
        movq    16(%r11), %r8
        cmpl    $4, %ebx
        jl      .Lcall
        movq    24(%r11), %r9
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
        .size   omp_invoke_microtask, .-omp_invoke_microtask
        .section .note.GNU-stack,"",@progbits
