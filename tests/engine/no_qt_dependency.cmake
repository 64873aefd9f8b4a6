# cmake -P script: fails when strata-engine depends on Qt in any way.
#   DEPENDENCIES  file with the engine's link libraries, include dirs and definitions
#   ENGINE_DIR    engine/ source folder
#   TOOL          an engine-only executable whose dynamic dependencies are checked
set(problems "")

file(READ "${DEPENDENCIES}" deps)
string(REGEX MATCHALL "[^;\n=]*Qt[0-9A-Za-z_:]*" qt_deps "${deps}")
foreach(dep IN LISTS qt_deps)
    if(dep MATCHES "(^|/|::)Qt[56]?(::|Core|Gui|Widgets|$)|QT_")
        list(APPEND problems "target property mentions Qt: ${dep}")
    endif()
endforeach()

file(GLOB_RECURSE sources "${ENGINE_DIR}/*.cpp" "${ENGINE_DIR}/*.hpp" "${ENGINE_DIR}/*.h"
                          "${ENGINE_DIR}/*.cu" "${ENGINE_DIR}/*.cuh" "${ENGINE_DIR}/*.in")
foreach(src IN LISTS sources)
    file(STRINGS "${src}" includes REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"](Q[A-Za-z]|qt)")
    if(includes)
        list(APPEND problems "${src} includes Qt: ${includes}")
    endif()
endforeach()

execute_process(COMMAND ldd "${TOOL}" OUTPUT_VARIABLE ldd_out RESULT_VARIABLE ldd_rc)
if(NOT ldd_rc EQUAL 0)
    list(APPEND problems "ldd ${TOOL} failed")
elseif(ldd_out MATCHES "libQt")
    list(APPEND problems "${TOOL} loads Qt:\n${ldd_out}")
endif()
if(ldd_out MATCHES "libcuda\\.so")
    list(APPEND problems "${TOOL} links libcuda directly; use the CUDA runtime API")
endif()

if(problems)
    string(JOIN "\n  " text ${problems})
    message(FATAL_ERROR "strata-engine must not depend on Qt:\n  ${text}")
endif()
list(LENGTH sources n)
message(STATUS "strata-engine is Qt-free (${n} sources scanned; ${TOOL} checked with ldd)")
