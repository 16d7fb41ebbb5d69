# flang-built programs (test/dropin/flang): flang-new-19 -fopenmp links
# against LLVM 19's libomp, as clang's programs do, and calls the same
# __kmpc_* entry points, the routines by their C names (flang's omp_lib
# binds them) and, with no interface, by their Fortran names
# (src/host/fortran_api.c). Each program, with the modules of gfortran/
# (checks.f90, constructs.f90) first, runs on ours (dropin.flang_*).
# Included by CMakeLists.txt, after gfortran.cmake.
find_program(OMPRT_FLANG NAMES flang-new-19 flang-19)
if(NOT OMPRT_FLANG)
  message(STATUS "flang drop-in tests: flang-new-19 not found, skipped")
  return()
endif()
file(GLOB OMPRT_DROPIN_FLANG_SOURCES CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/flang/*.f90)
foreach(src ${OMPRT_DROPIN_FLANG_SOURCES})
  get_filename_component(name ${src} NAME_WE)
  set(exe ${CMAKE_CURRENT_BINARY_DIR}/dropin_${name})
  set(module_dir ${CMAKE_CURRENT_BINARY_DIR}/fortran_modules/dropin_${name})
  file(MAKE_DIRECTORY ${module_dir})
  # flang compiles no C: runtime_check.c comes as an object
  add_custom_command(OUTPUT ${exe}
    COMMAND ${CMAKE_C_COMPILER} -c ${PROJECT_SOURCE_DIR}/test/common/runtime_check.c
            -o ${module_dir}/runtime_check.o
    COMMAND ${OMPRT_FLANG} -fopenmp -O2 -w -module-dir ${module_dir}
            ${fortran_modules} ${src} ${module_dir}/runtime_check.o
            -L${OMPRT_LLVM_LIB_DIR} -o ${exe}
    DEPENDS ${fortran_modules} ${src}
            ${PROJECT_SOURCE_DIR}/test/common/runtime_check.c
    COMMENT "flang-new-19 -fopenmp ${name}.f90 against LLVM 19's libomp")
  add_custom_target(dropin_${name} ALL DEPENDS ${exe})
  add_dependencies(dropin_${name} omp)
  omprt_dropin_checked_test(dropin.${name} ${exe} ${OMPRT_LIB_DIR} "OMP_NUM_THREADS=4")
endforeach()
