# Environment variables and ICVs (env.c), OMP_DISPLAY_ENV and the affinity
# format (display.c), places and binding (affinity.c). Most tests run one
# program under several environments; env_icvs takes "key=value" arguments
# naming the ICV values it must see (see its header comment).

# ---- ICVs from well-formed values ------------------------------------------
omprt_add_test(env_defaults SOURCES env_icvs.c
  ARGS nthreads=procs nthreads1=procs mal=1 dynamic=0 thread_limit=max sched=1
       chunk=0 bind=0 places=1 cancel=0 prio=0 device=0 max_teams=0 teams_tl=0
       stack=1024)
omprt_add_test(env_num_threads_list SOURCES env_icvs.c ENV OMP_NUM_THREADS=3,2,1
  ARGS nthreads=3 nthreads1=2 nthreads2=1 mal=max)
# num_threads(list) (__kmpc_push_num_threads_list) below and instead of it.
omprt_add_test(num_threads_list SOURCES num_threads_list.c ENV OMP_NUM_THREADS=2,2,2,2,2)
omprt_add_test(env_num_threads_one SOURCES env_icvs.c ENV "OMP_NUM_THREADS= 5 "
  ARGS nthreads=5 nthreads1=5 mal=1)
omprt_add_test(env_schedule SOURCES env_icvs.c ENV OMP_SCHEDULE=guided,7
  ARGS sched=3 chunk=7)
omprt_add_test(env_schedule_monotonic SOURCES env_icvs.c
  ENV OMP_SCHEDULE=monotonic:dynamic,5 ARGS sched=0x80000002 chunk=5)
omprt_add_test(env_schedule_static SOURCES env_icvs.c ENV OMP_SCHEDULE=static,3
  ARGS sched=1 chunk=3)
# auto has no chunk: omp_get_schedule says 1, as LLVM
omprt_add_test(env_schedule_auto SOURCES env_icvs.c ENV OMP_SCHEDULE=auto
  ARGS sched=4 chunk=1)
# LLVM's kmp_sched extensions: trapezoidal 101; static_steal is read as
# dynamic, as LLVM 19 does (its omp_for_schedule_runtime.c: chunk 1 reported
# when none is given)
omprt_add_test(env_schedule_trapezoidal SOURCES env_icvs.c ENV OMP_SCHEDULE=trapezoidal,13
  ARGS sched=101 chunk=13)
omprt_add_test(env_schedule_static_steal SOURCES env_icvs.c ENV OMP_SCHEDULE=static_steal
  ARGS sched=2 chunk=1)
omprt_add_test(env_schedule_static_steal_chunk SOURCES env_icvs.c
  ENV OMP_SCHEDULE=static_steal,14 ARGS sched=2 chunk=14)
omprt_add_test(env_settings SOURCES env_icvs.c
  ENV OMP_THREAD_LIMIT=6 OMP_CANCELLATION=1
      OMP_MAX_TASK_PRIORITY=9 OMP_DEFAULT_DEVICE=2 OMP_NUM_TEAMS=3
      OMP_TEAMS_THREAD_LIMIT=4 OMP_MAX_ACTIVE_LEVELS=3 OMP_STACKSIZE=3M
      OMP_WAIT_POLICY=passive
  ARGS dynamic=0 thread_limit=6 cancel=1 prio=9 device=2 max_teams=3
       teams_tl=4 mal=3 stack=3072)
omprt_add_test(env_dynamic SOURCES env_icvs.c ENV OMP_DYNAMIC=on ARGS dynamic=1)
# LLVM's abbreviations of booleans (found by scripts/fuzz_env.py)
omprt_add_test(env_bool_abbreviated SOURCES env_icvs.c ENV OMP_DYNAMIC=t OMP_CANCELLATION=Ye
  ARGS dynamic=1 cancel=1)
omprt_add_test(env_bool_abbreviated_false SOURCES env_icvs.c ENV OMP_DYNAMIC=of
  OMP_CANCELLATION=F ARGS dynamic=0 cancel=0 FAIL_REGEX "warning")
omprt_add_test(env_nested_true SOURCES env_icvs.c ENV OMP_NESTED=true
  ARGS mal=max
  PASS_REGEX "OMP: Info #268: OMP_NESTED variable deprecated, please use OMP_MAX_ACTIVE_LEVELS instead.\n.*PASS")
# The deprecated routines work and say so at each call, in LLVM 19's words.
omprt_add_test(nested_deprecated SOURCES nested_deprecated.c
  PASS_REGEX "^OMP: Info #276: omp_set_nested routine deprecated, please use omp_set_max_active_levels instead.
OMP: Info #276: omp_get_nested routine deprecated, please use omp_get_max_active_levels instead.
OMP: Info #276: omp_set_nested routine deprecated, please use omp_set_max_active_levels instead.
OMP: Info #276: omp_get_nested routine deprecated, please use omp_get_max_active_levels instead.
PASS")
omprt_add_test(nested_deprecated_quiet SOURCES nested_deprecated.c ENV KMP_WARNINGS=false
  FAIL_REGEX "OMP: Info")
omprt_add_test(env_nested_false_wins SOURCES env_icvs.c
  ENV OMP_NESTED=false OMP_NUM_THREADS=2,2 ARGS mal=1 nthreads1=2)
omprt_add_test(env_max_active_levels_wins SOURCES env_icvs.c
  ENV OMP_NESTED=true OMP_MAX_ACTIVE_LEVELS=2 ARGS mal=2)
omprt_add_test(env_proc_bind_list SOURCES env_icvs.c
  ENV OMP_PROC_BIND=spread,close ARGS bind=4 bind1=3 bind2=3 mal=max)
omprt_add_test(env_proc_bind_true SOURCES env_icvs.c ENV OMP_PROC_BIND=TRUE
  ARGS bind=4 mal=1)
omprt_add_test(env_places_only SOURCES env_icvs.c ENV OMP_PLACES=threads
  ARGS bind=4 places=procs)
omprt_add_test(env_proc_bind_false_places SOURCES env_icvs.c
  ENV OMP_PROC_BIND=false OMP_PLACES=threads ARGS bind=0 places=1)

# ---- unusable values: one warning naming variable and value, then defaults --
# (the warnings' wording is ours: these pass on LLVM's runtime only in their
# program checks)
set(one_warning "omp: warning:.*omp: warning:|check failed")
omprt_add_test(env_bad_schedule SOURCES env_icvs.c ENV OMP_SCHEDULE=garbage
  ARGS sched=1 chunk=0
  PASS_REGEX "omp: warning: OMP_SCHEDULE=\"garbage\": [^\n]*using the default.*PASS"
  FAIL_REGEX "${one_warning}")
omprt_add_test(env_bad_schedule_chunk SOURCES env_icvs.c ENV OMP_SCHEDULE=dynamic,-2
  ARGS sched=1 chunk=0
  PASS_REGEX "omp: warning: OMP_SCHEDULE=\"dynamic,-2\": [^\n]*using the default.*PASS"
  FAIL_REGEX "${one_warning}")
# A chunk of 0 is dropped with a warning and the kind kept, as LLVM (found
# by scripts/fuzz_env.py).
omprt_add_test(env_schedule_zero_chunk SOURCES env_icvs.c ENV OMP_SCHEDULE=guided,0
  ARGS sched=3 chunk=1
  PASS_REGEX "omp: warning: OMP_SCHEDULE=\"guided,0\": a chunk size must be positive[^\n]*\n.*PASS"
  FAIL_REGEX "${one_warning}")
omprt_add_test(env_bad_num_threads SOURCES env_icvs.c ENV OMP_NUM_THREADS=4,x
  ARGS nthreads=procs mal=1
  PASS_REGEX "omp: warning: OMP_NUM_THREADS=\"4,x\": [^\n]*using the default.*PASS"
  FAIL_REGEX "${one_warning}")
omprt_add_test(env_bad_proc_bind SOURCES env_icvs.c ENV OMP_PROC_BIND=sideways
  ARGS bind=0 places=1
  PASS_REGEX "omp: warning: OMP_PROC_BIND=\"sideways\": [^\n]*using the default.*PASS"
  FAIL_REGEX "${one_warning}")
omprt_add_test(env_bad_places SOURCES affinity_places.c ENV OMP_PLACES=nowhere
  ARGS cores
  PASS_REGEX "omp: warning: OMP_PLACES=\"nowhere\": [^\n]*using the default.*PASS"
  FAIL_REGEX "${one_warning}")
# A value past int's range is refused with the range named (LLVM 19 clamps
# it to 2147483647 and says so; ours keeps the default, as for any bad value).
omprt_add_test(env_int_out_of_range SOURCES env_icvs.c
  ENV OMP_TEAMS_THREAD_LIMIT=2147483648
  ARGS teams_tl=0
  PASS_REGEX "omp: warning: OMP_TEAMS_THREAD_LIMIT=\"2147483648\": expected an integer from 1 to 2147483647; using the default\n.*PASS"
  FAIL_REGEX "${one_warning}")
omprt_add_test(env_bad_values SOURCES env_icvs.c
  ENV OMP_DYNAMIC=maybe OMP_MAX_ACTIVE_LEVELS=-2 OMP_THREAD_LIMIT=0
      OMP_STACKSIZE=12Q OMP_WAIT_POLICY=sometimes KMP_BLOCKTIME=soon
      OMP_TARGET_OFFLOAD=perhaps OMP_ALLOCATOR=omp_bogus_alloc
      OMP_DISPLAY_ENV=loud OMP_DEFAULT_DEVICE=-1 OMP_NUM_TEAMS=0
  ARGS dynamic=0 mal=1 thread_limit=max device=0 max_teams=0 stack=1024
  PASS_REGEX "OMP_DYNAMIC=\"maybe\"[^\n]*default\n.*OMP_MAX_ACTIVE_LEVELS=\"-2\"[^\n]*default\n.*OMP_THREAD_LIMIT=\"0\"[^\n]*default\n.*OMP_DEFAULT_DEVICE=\"-1\"[^\n]*default\n.*OMP_STACKSIZE=\"12Q\"[^\n]*default\n.*OMP_WAIT_POLICY=\"sometimes\"[^\n]*default\n.*KMP_BLOCKTIME=\"soon\"[^\n]*default\n.*OMP_NUM_TEAMS=\"0\"[^\n]*default\n.*OMP_TARGET_OFFLOAD=\"perhaps\"[^\n]*default\n.*OMP_ALLOCATOR=\"omp_bogus_alloc\"[^\n]*default\n.*OMP_DISPLAY_ENV=\"loud\"[^\n]*default\n.*PASS"
  FAIL_REGEX "check failed|OPENMP DISPLAY")

# ---- OMP_DISPLAY_ENV: LLVM's lines (these regexes match LLVM 19's output) ----
omprt_add_test(display_env SOURCES env_icvs.c
  ENV OMP_DISPLAY_ENV=true OMP_SCHEDULE=dynamic,4 OMP_NUM_THREADS=3,2
      OMP_PROC_BIND=spread OMP_PLACES=threads
  ARGS nthreads=3
  PASS_REGEX "\nOPENMP DISPLAY ENVIRONMENT BEGIN\n   _OPENMP='201611'\n  \\[host\\] OMP_AFFINITY_FORMAT='OMP: pid %P tid %i thread %n bound to OS proc set {%A}'\n  \\[host\\] OMP_ALLOCATOR='omp_default_mem_alloc'\n  \\[host\\] OMP_CANCELLATION='FALSE'\n  \\[host\\] OMP_DEFAULT_DEVICE='0'\n  \\[host\\] OMP_DISPLAY_AFFINITY='FALSE'\n  \\[host\\] OMP_DISPLAY_ENV='TRUE'\n  \\[host\\] OMP_DYNAMIC='FALSE'\n  \\[host\\] OMP_MAX_ACTIVE_LEVELS='2147483647'\n  \\[host\\] OMP_MAX_TASK_PRIORITY='0'\n  \\[host\\] OMP_NESTED: deprecated; max-active-levels-var=2147483647\n  \\[host\\] OMP_NUM_TEAMS='0'\n  \\[host\\] OMP_NUM_THREADS='3,2'\n  \\[host\\] OMP_PLACES='threads'\n  \\[host\\] OMP_PROC_BIND='spread'\n  \\[host\\] OMP_SCHEDULE='dynamic,4'\n  \\[host\\] OMP_STACKSIZE='[0-9]+[kMG]'\n  \\[host\\] OMP_TARGET_OFFLOAD=DEFAULT\n  \\[host\\] OMP_TEAMS_THREAD_LIMIT='0'\n  \\[host\\] OMP_THREAD_LIMIT='2147483647'\n.*  \\[host\\] OMP_WAIT_POLICY='PASSIVE'\nOPENMP DISPLAY ENVIRONMENT END\n.*PASS")
omprt_add_test(display_env_unset SOURCES env_icvs.c
  ENV OMP_DISPLAY_ENV=TRUE OMP_STACKSIZE=3072K OMP_TARGET_OFFLOAD=Mandatory
      OMP_SCHEDULE=nonmonotonic:dynamic
  PASS_REGEX "  \\[host\\] OMP_NUM_THREADS: value is not defined\n  \\[host\\] OMP_PLACES: value is not defined\n  \\[host\\] OMP_PROC_BIND='false'\n  \\[host\\] OMP_SCHEDULE='nonmonotonic:dynamic'\n  \\[host\\] OMP_STACKSIZE='3M'\n  \\[host\\] OMP_TARGET_OFFLOAD=MANDATORY\n.*PASS")
# verbose adds the KMP_/LIBOMP_ variables we read (LLVM lists all of its own,
# so this one is ours only; docs/env.md)
omprt_add_test(display_env_verbose SOURCES env_icvs.c
  ENV OMP_DISPLAY_ENV=verbose OMP_WAIT_POLICY=active
      LIBOMP_NUM_HIDDEN_HELPER_THREADS=3 LIBOMP_USE_HIDDEN_HELPER_TASK=false
  PASS_REGEX "  \\[host\\] KMP_BLOCKTIME='infinite'\n  \\[host\\] KMP_DISP_NUM_BUFFERS='7'\n  \\[host\\] KMP_HOT_TEAMS_MAX_LEVEL='1'\n  \\[host\\] LIBOMP_NUM_HIDDEN_HELPER_THREADS='3'\n  \\[host\\] LIBOMP_USE_HIDDEN_HELPER_TASK='FALSE'\n.*OMP_DISPLAY_ENV='VERBOSE'\n.*OMP_WAIT_POLICY='ACTIVE'\n.*PASS")

# ---- the affinity format and OMP_DISPLAY_AFFINITY ---------------------------
omprt_add_test(display_format SOURCES display_format.c)
omprt_add_test(display_format_bound SOURCES display_format.c ENV OMP_PLACES=threads)
omprt_add_test(display_format_env SOURCES display_format.c
               ENV "OMP_AFFINITY_FORMAT=env %n of %N")
omprt_add_test(display_format_set_first SOURCES display_format.c ARGS set-first
               ENV "OMP_AFFINITY_FORMAT=env %n of %N")
omprt_add_test(display_affinity_env SOURCES env_icvs.c
  ENV OMP_DISPLAY_AFFINITY=true "OMP_AFFINITY_FORMAT=aff L%L n%n N%N"
  PASS_REGEX "(aff L1 n0 N2\n.*aff L1 n1 N2\n|aff L1 n1 N2\n.*aff L1 n0 N2\n).*PASS")

# ---- places and binding -----------------------------------------------------
omprt_add_test(affinity_places_off SOURCES affinity_places.c ARGS off)
omprt_add_test(affinity_places_explicit SOURCES affinity_places.c
  ENV "OMP_PLACES={0},{1}" ARGS zero_one)
omprt_add_test(affinity_places_interval SOURCES affinity_places.c
  ENV "OMP_PLACES={0}:2:1" ARGS zero_one)
omprt_add_test(affinity_places_complement SOURCES affinity_places.c
  ENV "OMP_PLACES={0},!{0}" ARGS complement)
omprt_add_test(affinity_places_threads SOURCES affinity_places.c
  ENV OMP_PLACES=threads ARGS threads)
omprt_add_test(affinity_places_cores SOURCES affinity_places.c
  ENV OMP_PROC_BIND=true ARGS cores)
omprt_add_test(affinity_primary SOURCES affinity_policy.c ENV OMP_PLACES=threads
  ARGS primary)
omprt_add_test(affinity_close SOURCES affinity_policy.c ENV OMP_PLACES=threads
  ARGS close)
omprt_add_test(affinity_spread SOURCES affinity_policy.c ENV OMP_PLACES=threads
  ARGS spread)
# five places on processor 0: spread subpartitions narrower than the list
omprt_add_test(affinity_spread_five SOURCES affinity_policy.c
  ENV "OMP_PLACES={0}:5:0" ARGS spread)
omprt_add_test(affinity_close_five SOURCES affinity_policy.c
  ENV "OMP_PLACES={0}:5:0" ARGS close)
# %i of a worker created for the region being displayed is its real id.
omprt_add_test(display_affinity_tid SOURCES display_affinity_tid.c
  ENV OMP_DISPLAY_AFFINITY=true "OMP_AFFINITY_FORMAT=disp n%n i%i")

# A known place name with a malformed count: the name alone, with a warning
# (as LLVM reads "threads()" or "sockets(").
omprt_add_test(env_places_malformed_count SOURCES env_icvs.c ENV "OMP_PLACES=threads()"
  ARGS places=procs
  PASS_REGEX "omp: warning: OMP_PLACES=\"threads\\(\\)\": expected threads or threads\\(count\\); using threads\n.*PASS")

# ---- KMP_AFFINITY -------------------------------------------------------------
omprt_add_test(kmp_affinity_explicit SOURCES kmp_affinity.c ARGS explicit
  ENV "KMP_AFFINITY=explicit,proclist=[1,0]")
omprt_add_test(kmp_affinity_scatter SOURCES kmp_affinity.c ARGS scatter
  ENV "KMP_AFFINITY=verbose,granularity=fine,scatter")
omprt_add_test(kmp_affinity_none SOURCES kmp_affinity.c ARGS none ENV KMP_AFFINITY=none)
omprt_add_test(kmp_affinity_reset SOURCES kmp_affinity.c ARGS reset
  ENV "KMP_AFFINITY=reset,granularity=fine,compact")
# Modifiers without a type leave binding to OMP_PROC_BIND/OMP_PLACES, as LLVM.
omprt_add_test(kmp_affinity_reset_standard SOURCES kmp_affinity.c ARGS reset
  ENV KMP_AFFINITY=reset OMP_PROC_BIND=close OMP_PLACES=threads FAIL_REGEX "omp: warning")
omprt_add_test(kmp_affinity_modifiers_only SOURCES kmp_affinity.c ARGS modifiers_only
  ENV KMP_AFFINITY=verbose OMP_PROC_BIND=close OMP_PLACES=threads FAIL_REGEX "omp: warning")
omprt_add_test(kmp_affinity_bad SOURCES kmp_affinity.c ARGS none ENV KMP_AFFINITY=compactt
  PASS_REGEX "omp: warning: KMP_AFFINITY=\"compactt\": expected .*using the default.*PASS")
omprt_add_test(kmp_affinity_permute SOURCES kmp_affinity.c ARGS scatter
  ENV "KMP_AFFINITY=granularity=fine,scatter,1,0"
  PASS_REGEX "omp: warning: KMP_AFFINITY=.*permute and offset numbers are not supported.*PASS")
omprt_add_test(kmp_affinity_wins SOURCES kmp_affinity.c ARGS explicit
  ENV "KMP_AFFINITY=explicit,proclist=[1,0]" OMP_PROC_BIND=spread OMP_PLACES=cores
  PASS_REGEX "omp: warning: KMP_AFFINITY is set: OMP_PROC_BIND and OMP_PLACES are ignored.*PASS")

# KMP_* variables LLVM reads and we do not: one warning each, naming it;
# KMP_WARNINGS=false silences warnings (as kmp_set_warnings_off).
omprt_add_test(env_kmp_unsupported SOURCES env_icvs.c ENV KMP_TOPOLOGY_METHOD=hwloc KMP_INIT_AT_FORK=1
  PASS_REGEX "omp: warning: KMP_(TOPOLOGY_METHOD|INIT_AT_FORK) is not supported by this runtime.*\nomp: warning: KMP_(TOPOLOGY_METHOD|INIT_AT_FORK) is not supported by this runtime.*PASS")
omprt_add_test(env_kmp_warnings_off SOURCES env_icvs.c
  ENV KMP_INIT_AT_FORK=1 KMP_WARNINGS=false OMP_SCHEDULE=bogus
  FAIL_REGEX "omp: warning")

# ---- KMP_HOT_TEAMS_MAX_LEVEL: levels whose teams keep their workers ------------
# Threads known after the region: 1 with level 0 (none kept), 2 with LLVM's
# default 1 (the outer team's worker), 6 with level 2 (each outer thread's
# nested team too, on the same threads every time); as LLVM 19.
omprt_add_test(hot_teams_level0 SOURCES hot_teams_nested.c ARGS 1
  ENV KMP_HOT_TEAMS_MAX_LEVEL=0 OMP_NUM_THREADS=2)
omprt_add_test(hot_teams_default SOURCES hot_teams_nested.c ARGS 2 ENV OMP_NUM_THREADS=2)
omprt_add_test(hot_teams_level2 SOURCES hot_teams_nested.c ARGS 6 stable
  ENV KMP_HOT_TEAMS_MAX_LEVEL=2 OMP_NUM_THREADS=2)
omprt_add_test(hot_teams_bad SOURCES hot_teams_nested.c ARGS 2 ENV KMP_HOT_TEAMS_MAX_LEVEL=two
  PASS_REGEX "omp: warning: KMP_HOT_TEAMS_MAX_LEVEL=\"two\": expected an integer from 0 to 2147483647; using the default\n.*PASS")

# ---- LLVM's stack size, library mode, version and settings ---------------------
# KMP_STACKSIZE wins over GOMP_STACKSIZE, which wins over OMP_STACKSIZE (the
# default is 8M: a lower bound above it shows which one was read).
omprt_add_test(env_kmp_stacksize SOURCES env_icvs.c
  ENV KMP_STACKSIZE=20m GOMP_STACKSIZE=12M OMP_STACKSIZE=1M ARGS stack=20480)
omprt_add_test(env_gomp_stacksize SOURCES env_icvs.c
  ENV GOMP_STACKSIZE=24576 OMP_STACKSIZE=1M ARGS stack=24576)
omprt_add_test(env_kmp_stacksize_bad SOURCES env_icvs.c ENV KMP_STACKSIZE=12Q ARGS stack=1024
  PASS_REGEX "omp: warning: KMP_STACKSIZE=\"12Q\": expected a size[^\n]*default\n.*PASS")
omprt_add_test(env_kmp_library_serial SOURCES env_icvs.c ENV KMP_LIBRARY=serial
  ARGS library=1 nthreads=1)
# As LLVM 19: turnaround keeps the default blocktime, a named throughput
# makes it 0, and KMP_BLOCKTIME wins over both (found by scripts/fuzz_env.py).
omprt_add_test(env_kmp_library_turnaround SOURCES env_icvs.c ENV KMP_LIBRARY=turnaround
  OMP_DISPLAY_ENV=true ARGS library=2 nthreads=procs blocktime=200
  PASS_REGEX "OMP_WAIT_POLICY='ACTIVE'.*PASS")
omprt_add_test(env_kmp_library_throughput SOURCES env_icvs.c ENV KMP_LIBRARY=throughput
  ARGS library=3 blocktime=0)
omprt_add_test(env_kmp_library_throughput_blocktime SOURCES env_icvs.c
  ENV KMP_LIBRARY=throughput KMP_BLOCKTIME=50 ARGS library=3 blocktime=50)
omprt_add_test(env_kmp_library_bad SOURCES env_icvs.c ENV KMP_LIBRARY=fast ARGS library=3
  PASS_REGEX "omp: warning: KMP_LIBRARY=\"fast\": expected serial, turnaround or throughput; using the default\n.*PASS")
omprt_add_test(env_kmp_version_settings SOURCES env_icvs.c ENV KMP_VERSION=1 KMP_SETTINGS=true
  ARGS library=3
  PASS_REGEX "omp: version: omprt libomp.so.5[^\n]*\n\nUser settings:\n\n.*   KMP_VERSION=1\n.*\nEffective settings:\n\nOPENMP DISPLAY ENVIRONMENT BEGIN\n.*KMP_BLOCKTIME=.*OPENMP DISPLAY ENVIRONMENT END\n.*PASS")

# Task throttling on (the default) and off (queues grow).
omprt_add_test(env_kmp_task_throttling_on SOURCES task_throttling.c ARGS on
  ENV OMP_NUM_THREADS=2)
omprt_add_test(env_kmp_task_throttling_off SOURCES task_throttling.c ARGS off
  ENV OMP_NUM_THREADS=2 KMP_ENABLE_TASK_THROTTLING=0)

# ---- KMP_HW_SUBSET ------------------------------------------------------------
# kmp_hw_subset.c computes what each value must leave from /sys's topology.
omprt_add_test(kmp_hw_subset_per_core SOURCES kmp_hw_subset.c ARGS per_core ENV KMP_HW_SUBSET=1t)
omprt_add_test(kmp_hw_subset_per_core_places SOURCES kmp_hw_subset.c ARGS per_core
  ENV KMP_HW_SUBSET=*s,*c,1t OMP_PLACES=threads)
omprt_add_test(kmp_hw_subset_first SOURCES kmp_hw_subset.c ARGS first
  ENV "KMP_HW_SUBSET=1s, 1c, 1t")
omprt_add_test(kmp_hw_subset_out_of_order SOURCES kmp_hw_subset.c ARGS first
  ENV KMP_HW_SUBSET=1T,1S,1Cores OMP_PLACES=threads)
omprt_add_test(kmp_hw_subset_second_core SOURCES kmp_hw_subset.c ARGS second_core
  ENV KMP_HW_SUBSET=1c@1 OMP_PLACES=threads)
omprt_add_test(kmp_hw_subset_absolute SOURCES kmp_hw_subset.c ARGS absolute
  ENV KMP_HW_SUBSET=:1t@1 OMP_PLACES=threads)
# Refused values: a warning that says why, and the whole machine.
function(kmp_hw_subset_refused name value why)
  omprt_add_test(kmp_hw_subset_${name} SOURCES kmp_hw_subset.c ARGS all
    ENV "KMP_HW_SUBSET=${value}"
    PASS_REGEX "omp: warning: KMP_HW_SUBSET=\"[^\n]*\": ${why}[^\n]*; using every processor.*PASS")
endfunction()
kmp_hw_subset_refused(bad_layer 2x "unknown layer 'x'")
kmp_hw_subset_refused(too_many 100000c "100000 cores asked for")
kmp_hw_subset_refused(twice 1c,2c "the core layer is named twice")
kmp_hw_subset_refused(attribute 4c:intel_core "core attributes .':intel_core'. are not supported")
kmp_hw_subset_refused(bad_offset 1c@ "'@' must be followed by an offset")
omprt_add_test(kmp_hw_subset_disabled SOURCES kmp_hw_subset.c ARGS all
  ENV KMP_HW_SUBSET=1t KMP_AFFINITY=disabled
  PASS_REGEX "omp: warning: KMP_HW_SUBSET has no effect with KMP_AFFINITY=disabled.*PASS")
# a proclist range no machine has is a bad value, not a range to expand
omprt_add_test(kmp_affinity_huge_range SOURCES kmp_affinity.c ARGS none
  ENV "KMP_AFFINITY=explicit,proclist=[0-1222333333333444444]"
  PASS_REGEX "omp: warning: KMP_AFFINITY=.*using the default.*PASS")

# ---- KMP_DISP_NUM_BUFFERS / kmp_set_disp_num_buffers: nowait loops in flight --
omprt_add_test(env_disp_num_buffers_default SOURCES disp_num_buffers.c ARGS 7)
omprt_add_test(env_disp_num_buffers_3 SOURCES disp_num_buffers.c ARGS 3
  ENV KMP_DISP_NUM_BUFFERS=3)
omprt_add_test(env_disp_num_buffers_set SOURCES disp_num_buffers.c ARGS 2 set:2)
omprt_add_test(env_disp_num_buffers_env_wins SOURCES disp_num_buffers.c ARGS 5 set:2
  ENV KMP_DISP_NUM_BUFFERS=5)
omprt_add_test(env_disp_num_buffers_late SOURCES disp_num_buffers.c ARGS 7 late:2)
omprt_add_test(env_disp_num_buffers_small SOURCES disp_num_buffers.c ARGS 1
  ENV KMP_DISP_NUM_BUFFERS=0
  PASS_REGEX "omp: warning: KMP_DISP_NUM_BUFFERS=\"0\": value too small \\(1 to 4096\\); using 1\n.*PASS")
omprt_add_test(env_disp_num_buffers_large SOURCES disp_num_buffers.c ARGS 4096
  ENV KMP_DISP_NUM_BUFFERS=100000
  PASS_REGEX "omp: warning: KMP_DISP_NUM_BUFFERS=\"100000\": value too large \\(1 to 4096\\); using 4096\n.*PASS")
omprt_add_test(env_disp_num_buffers_bad SOURCES disp_num_buffers.c ARGS 7
  ENV KMP_DISP_NUM_BUFFERS=many
  PASS_REGEX "omp: warning: KMP_DISP_NUM_BUFFERS=\"many\": expected an integer from 1 to 4096; using the default\n.*PASS")
