# gfortran-built programs (test/dropin/gfortran): the Fortran names of the
# runtime library routines (src/host/fortran_api.c) and gfortran's code for
# the constructs (GOMP_*). As for the C programs of gcc/, each is linked
# against LLVM 19's libomp (dropin.gfortran_*) and against GCC's own
# libgomp.so.1 (dropin.gfortran_native.*), and runs on ours; the modules
# checks.f90 and constructs.f90 come first on each command line. Two are
# built one way only: gfortran_kmp calls LLVM's kmp_* extensions, which
# libgomp lacks; gfortran_int8 the *_8 forms, which LLVM's libomp lacks.
# Included by CMakeLists.txt after the C programs (which made
# libgomp-alias/).
find_program(OMPRT_GFORTRAN NAMES gfortran-12 gfortran)
if(NOT OMPRT_GFORTRAN)
  message(STATUS "gfortran drop-in tests: gfortran not found, skipped")
  return()
endif()
set(runtime_check ${PROJECT_SOURCE_DIR}/test/common/runtime_check.c)
set(gfortran_env "OMP_NUM_THREADS=4;OMP_CANCELLATION=true;OMP_PLACES=threads")

# omprt_gfortran_program(<name> <LLVM|NATIVE>): builds dropin_<name> (or
# dropin_native_<name>) and its test.
function(omprt_gfortran_program name against)
  set(src ${CMAKE_CURRENT_SOURCE_DIR}/gfortran/${name}.f90)
  if(against STREQUAL "LLVM")
    set(exe ${CMAKE_CURRENT_BINARY_DIR}/dropin_${name})
    set(link -L${OMPRT_LLVM_LIB_DIR})
    set(test dropin.${name})
    set(lib_path ${OMPRT_LIB_DIR})
    set(what "LLVM 19's libomp")
  else()
    set(exe ${CMAKE_CURRENT_BINARY_DIR}/dropin_native_${name})
    set(link "")
    set(test dropin.gfortran_native.${name})
    set(lib_path ${CMAKE_CURRENT_BINARY_DIR}/libgomp-alias)
    set(what "GCC's libgomp")
  endif()
  get_filename_component(exe_name ${exe} NAME)
  set(module_dir ${CMAKE_CURRENT_BINARY_DIR}/fortran_modules/${exe_name})
  file(MAKE_DIRECTORY ${module_dir})
  add_custom_command(OUTPUT ${exe}
    COMMAND ${OMPRT_GFORTRAN} -fopenmp -O2 -w -J ${module_dir} ${fortran_modules} ${src}
            ${runtime_check} ${link} -o ${exe}
    DEPENDS ${fortran_modules} ${src} ${runtime_check}
    COMMENT "gfortran -fopenmp ${name}.f90 against ${what}")
  add_custom_target(${exe_name} ALL DEPENDS ${exe})
  add_dependencies(${exe_name} omp)
  omprt_dropin_checked_test(${test} ${exe} ${lib_path} "${gfortran_env}")
endfunction()

foreach(name gfortran_api gfortran_constructs)
  omprt_gfortran_program(${name} LLVM)
  omprt_gfortran_program(${name} NATIVE)
endforeach()
omprt_gfortran_program(gfortran_kmp LLVM)
omprt_gfortran_program(gfortran_int8 NATIVE)
