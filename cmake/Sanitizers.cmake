# Sanitized variants of libomp.so.5, for the `sanitizers` CTest label.
#
# omprt_add_sanitized_runtime() builds the same sources as the `omp` target
# (src/host) with -fsanitize flags into a directory of its own, under the
# same file and SONAME (libomp.so.5), so LD_LIBRARY_PATH swaps it in under a
# test program exactly as it swaps ours for LLVM's. The sanitizer runtime
# itself comes with the test executable (clang links it there), so the
# library is linked without -z defs.
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
option(OMPRT_SANITIZERS "build ASan+UBSan and TSan variants of libomp and re-run the host tests on them"
       ${sanitizers_default})

# The runtime's own imported link dependencies, re-found in this scope.
find_package(Threads REQUIRED)

# omprt_add_sanitized_runtime(<target> <output dir> <flags>...)
# A copy of the `omp` target (sources, definitions, includes, options, link
# options and libraries as src/host declares them) built with <flags>.
# Returns FALSE in OMPRT_SANITIZED_RUNTIME_OK when `omp` links an imported
# target this scope cannot see.
function(omprt_add_sanitized_runtime target outdir)
  get_target_property(src_dir omp SOURCE_DIR)
  get_target_property(sources omp SOURCES)
  set(absolute_sources)
  foreach(source IN LISTS sources)
    if(NOT IS_ABSOLUTE ${source})
      set(source ${src_dir}/${source})
    endif()
    list(APPEND absolute_sources ${source})
  endforeach()

  get_target_property(libraries omp LINK_LIBRARIES)
  foreach(library IN LISTS libraries)
    if(library MATCHES "::" AND NOT TARGET ${library})
      message(WARNING "sanitizers: libomp links ${library}, which cmake/Sanitizers.cmake "
                      "does not find; sanitized runtimes are not built")
      set(OMPRT_SANITIZED_RUNTIME_OK FALSE PARENT_SCOPE)
      return()
    endif()
  endforeach()

  add_library(${target} SHARED EXCLUDE_FROM_ALL ${absolute_sources})
  foreach(property COMPILE_DEFINITIONS INCLUDE_DIRECTORIES COMPILE_OPTIONS
                   LINK_LIBRARIES C_VISIBILITY_PRESET LINK_DEPENDS)
    get_target_property(value omp ${property})
    if(value)
      set_property(TARGET ${target} PROPERTY ${property} "${value}")
    endif()
  endforeach()
  get_target_property(link_options omp LINK_OPTIONS)
  if(link_options)
    # __asan_*/__tsan_* come from the executable's sanitizer runtime.
    list(FILTER link_options EXCLUDE REGEX "-z,defs")
    set_property(TARGET ${target} PROPERTY LINK_OPTIONS "${link_options}")
  endif()
  target_compile_options(${target} PRIVATE ${ARGN})
  target_link_options(${target} PRIVATE ${ARGN})
  set_target_properties(${target} PROPERTIES
    OUTPUT_NAME omp
    SOVERSION 5
    LIBRARY_OUTPUT_DIRECTORY ${outdir})
  set(OMPRT_SANITIZED_RUNTIME_OK TRUE PARENT_SCOPE)
endfunction()
