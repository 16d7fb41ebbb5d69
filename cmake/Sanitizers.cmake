# Sanitized variants of libomp.so.5 and libomptarget.so.19.1, for the
# `sanitizers` CTest label.
#
# omprt_add_sanitized_library() builds the same sources as one of our
# library targets (`omp`: src/host, `omptarget`: src/target with the
# plugins) with -fsanitize flags into a directory of its own, under the same
# file and SONAME, so LD_LIBRARY_PATH swaps it in under a test program
# exactly as it swaps ours for LLVM's. The copies link no sanitizer runtime
# and are linked without -z defs: the runtime comes with the process, either
# from the test executable (clang links it into instrumented programs) or,
# under an uninstrumented program, from LD_PRELOAD of clang's shared runtime
# (OMPRT_<ASAN|TSAN>_PRELOAD below; ASan insists on coming first in the
# library list, which only LD_PRELOAD gives a program that does not link it).
#
# OMPRT_SANITIZERS (default: ON when clang can link both sanitizer sets)
# turns the whole label on or off.
include_guard(GLOBAL)
include(CheckCSourceCompiles)

set(OMPRT_ASAN_FLAGS -fsanitize=address,undefined -fno-sanitize-recover=undefined
    -fno-omit-frame-pointer)
set(OMPRT_TSAN_FLAGS -fsanitize=thread -fno-omit-frame-pointer)

function(omprt_sanitizer_links flags result)
  set(CMAKE_REQUIRED_FLAGS "${flags}") # compile and link
  set(CMAKE_REQUIRED_QUIET ON)
  check_c_source_compiles("int main(void) { return 0; }" ${result})
endfunction()

string(REPLACE ";" " " asan_flags_string "${OMPRT_ASAN_FLAGS}")
string(REPLACE ";" " " tsan_flags_string "${OMPRT_TSAN_FLAGS}")
omprt_sanitizer_links("${asan_flags_string}" OMPRT_HAVE_ASAN)
omprt_sanitizer_links("${tsan_flags_string}" OMPRT_HAVE_TSAN)
if(OMPRT_HAVE_ASAN AND OMPRT_HAVE_TSAN)
  set(sanitizers_default ON)
else()
  set(sanitizers_default OFF)
endif()
option(OMPRT_SANITIZERS
       "build ASan+UBSan and TSan variants of libomp and libomptarget and re-run the host and cuda_mock tests on them"
       ${sanitizers_default})

# The runtime's own imported link dependencies, re-found in this scope.
find_package(Threads REQUIRED)

# The shared sanitizer runtime clang links with -shared-libsan, for
# LD_PRELOAD under uninstrumented programs: OMPRT_<ASAN|TSAN>_PRELOAD, empty
# when the compiler has none.
foreach(sanitizer asan tsan)
  string(TOUPPER ${sanitizer} upper)
  set(runtime_name libclang_rt.${sanitizer}-${CMAKE_SYSTEM_PROCESSOR}.so)
  execute_process(COMMAND ${CMAKE_C_COMPILER} -print-file-name=${runtime_name}
    OUTPUT_VARIABLE runtime OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(NOT (IS_ABSOLUTE "${runtime}" AND EXISTS "${runtime}"))
    set(runtime "")
  endif()
  set(OMPRT_${upper}_PRELOAD "${runtime}")
endforeach()

# omprt_add_sanitized_library(<library> <variant> <output dir> <flags>...)
# A copy of our library target <library>, named <library>_<variant>: its
# sources, definitions, includes, options, link options and libraries as its
# own CMakeLists.txt declares them, and the same OUTPUT_NAME, VERSION and
# SOVERSION, built with <flags> into <output dir>. A linked library that has
# a copy of the same variant (libomptarget's libomp) is replaced by it.
# Returns FALSE in OMPRT_SANITIZED_LIBRARY_OK when <library> links an
# imported target this scope cannot see.
function(omprt_add_sanitized_library library variant outdir)
  set(target ${library}_${variant})
  get_target_property(src_dir ${library} SOURCE_DIR)
  get_target_property(sources ${library} SOURCES)
  set(absolute_sources)
  foreach(source IN LISTS sources)
    if(NOT IS_ABSOLUTE ${source})
      set(source ${src_dir}/${source})
    endif()
    list(APPEND absolute_sources ${source})
  endforeach()

  get_target_property(libraries ${library} LINK_LIBRARIES)
  set(sanitized_libraries)
  foreach(linked IN LISTS libraries)
    if(linked MATCHES "::" AND NOT TARGET ${linked})
      message(WARNING "sanitizers: ${library} links ${linked}, which cmake/Sanitizers.cmake "
                      "does not find; sanitized libraries are not built")
      set(OMPRT_SANITIZED_LIBRARY_OK FALSE PARENT_SCOPE)
      return()
    endif()
    if(TARGET ${linked}_${variant})
      set(linked ${linked}_${variant})
    endif()
    list(APPEND sanitized_libraries ${linked})
  endforeach()

  add_library(${target} SHARED EXCLUDE_FROM_ALL ${absolute_sources})
  foreach(property COMPILE_DEFINITIONS COMPILE_OPTIONS C_VISIBILITY_PRESET LINK_DEPENDS
                   VERSION SOVERSION)
    get_target_property(value ${library} ${property})
    if(value)
      set_property(TARGET ${target} PROPERTY ${property} "${value}")
    endif()
  endforeach()
  if(sanitized_libraries)
    set_property(TARGET ${target} PROPERTY LINK_LIBRARIES "${sanitized_libraries}")
  endif()
  # Headers from outside the project (cuda.h) stay system headers, as the
  # original declares them (CMake keeps that mark out of the property).
  get_target_property(include_dirs ${library} INCLUDE_DIRECTORIES)
  foreach(dir IN LISTS include_dirs)
    cmake_path(IS_PREFIX PROJECT_SOURCE_DIR "${dir}" inside_project)
    if(inside_project)
      target_include_directories(${target} PRIVATE ${dir})
    else()
      target_include_directories(${target} SYSTEM PRIVATE ${dir})
    endif()
  endforeach()
  get_target_property(link_options ${library} LINK_OPTIONS)
  if(link_options)
    # __asan_*/__tsan_* come from the process's sanitizer runtime.
    list(FILTER link_options EXCLUDE REGEX "-z,defs")
    set_property(TARGET ${target} PROPERTY LINK_OPTIONS "${link_options}")
  endif()
  get_target_property(output_name ${library} OUTPUT_NAME)
  if(NOT output_name)
    set(output_name ${library})
  endif()
  target_compile_options(${target} PRIVATE ${ARGN})
  target_link_options(${target} PRIVATE ${ARGN})
  set_target_properties(${target} PROPERTIES
    OUTPUT_NAME ${output_name}
    LIBRARY_OUTPUT_DIRECTORY ${outdir})
  set(OMPRT_SANITIZED_LIBRARY_OK TRUE PARENT_SCOPE)
endfunction()
