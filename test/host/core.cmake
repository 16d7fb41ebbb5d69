# Fork/join, nesting, teams, header layout.
omprt_add_test(parallel SOURCES parallel.c ENV OMP_NUM_THREADS=4)
omprt_add_test(omp_h_layout SOURCES omp_h_layout.c)
# Host teams: league sizes (LLVM's rules) and the places of the teams.
omprt_add_test(teams_league_count SOURCES teams_league.c ARGS count
  PASS_REGEX "omp: warning: num_teams\\([0-9]+\\): only [0-9]+ teams can run on this host.*PASS"
  FAIL_REGEX "teams can run on this host.*teams can run on this host")
omprt_add_test(teams_league_count_limit SOURCES teams_league.c ARGS count_limit
  ENV KMP_TEAMS_THREAD_LIMIT=64)
# With OMP_CANCELLATION=true a league still joins (its teams' initial
# threads share no barrier; they used to wait at one for ever).
omprt_add_test(teams_league_cancellation SOURCES teams_league.c ARGS count_limit
  ENV KMP_TEAMS_THREAD_LIMIT=64 OMP_CANCELLATION=true TIMEOUT 30)
omprt_add_test(teams_league_spread SOURCES teams_league.c ARGS spread ENV OMP_PLACES=threads)
omprt_add_test(teams_league_close SOURCES teams_league.c ARGS close
  ENV OMP_PLACES=threads KMP_TEAMS_PROC_BIND=close)
omprt_add_test(teams_league_primary SOURCES teams_league.c ARGS primary
  ENV OMP_PLACES=threads KMP_TEAMS_PROC_BIND=primary)

# A resized top-level team keeps its workers' thread numbers.
omprt_add_test(hot_team_resize SOURCES hot_team_resize.c)

# Pool workers come back at the same thread numbers (a league, a nested team).
omprt_add_test(pool_order SOURCES pool_order.c ENV KMP_TEAMS_THREAD_LIMIT=4)

# Hot team reuse: a region nested in a one-thread region takes the initial
# thread's hot worker; a parallel inside teams(1) still gets its threads.
omprt_add_test(nested_hot_team SOURCES nested_hot_team.c ENV OMP_NUM_THREADS=2
  PASS_REGEX "PASS" FAIL_REGEX "FAIL")

# OMP_THREAD_LIMIT holds for nested regions forked at the same time.
omprt_add_test(thread_limit_nested SOURCES thread_limit_nested.c ENV OMP_THREAD_LIMIT=6)
# nthreads-var of host teams and their regions, with OMP_NUM_THREADS lists
# of one, two and three elements (after omp_set_num_threads(4)).
omprt_add_test(teams_nthreads_1 SOURCES teams_nthreads.c ARGS 4 4 ENV OMP_NUM_THREADS=2)
omprt_add_test(teams_nthreads_2 SOURCES teams_nthreads.c ARGS 3 3 ENV OMP_NUM_THREADS=2,3)
omprt_add_test(teams_nthreads_3 SOURCES teams_nthreads.c ARGS 3 3 ENV OMP_NUM_THREADS=2,3,1)
# Thread limits per contention group: each host team's, each root thread's.
omprt_add_test(contention_groups SOURCES contention_groups.c
  ENV OMP_THREAD_LIMIT=3 KMP_TEAMS_THREAD_LIMIT=64)

# Ended user threads hand their gtid and state on: 70000 of them (more than
# the runtime's 65536 gtids), and 2000 with the sanitizers.
omprt_add_test(root_thread_reuse SOURCES root_thread_reuse.c ARGS 70000 TIMEOUT 300
  COPTS -fnoopenmp-use-tls)
omprt_add_test(root_thread_reuse_small SOURCES root_thread_reuse.c ARGS 2000
  COPTS -fnoopenmp-use-tls)

# User threads that start the runtime at the same moment (TSan in the
# sanitizers label).
omprt_add_test(init_race SOURCES init_race.c)
# Worker threads the system refuses: smaller teams, one warning, no stop.
omprt_add_test(thread_exhaustion SOURCES thread_exhaustion.c LIBS dl
  ENV OMP_STACKSIZE=32M KMP_TEAMS_THREAD_LIMIT=8
  PASS_REGEX "omp: warning: cannot create more worker threads \\([^)]*\\): teams get fewer threads than asked for"
  FAIL_REGEX "omp: warning:.*omp: warning:|check failed|SKIPPED")
omprt_add_test(thread_exhaustion_helpers SOURCES thread_exhaustion.c LIBS dl ARGS helpers
  ENV OMP_STACKSIZE=32M LIBOMP_NUM_HIDDEN_HELPER_THREADS=256
  PASS_REGEX "omp: warning: cannot create hidden helper thread [0-9]+ of 256 \\([^)]*\\): [0-9]+ helpers run the hidden helper tasks"
  FAIL_REGEX "omp: warning:.*omp: warning:|check failed|SKIPPED")

# __kmpc_global_num_threads: the threads that exist now (workers, helpers,
# user threads until they end), in a forked child its own.
omprt_add_test(global_num_threads SOURCES global_num_threads.c
  ENV OMP_WAIT_POLICY=passive LIBOMP_NUM_HIDDEN_HELPER_THREADS=8)
