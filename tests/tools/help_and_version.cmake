# cmake -P script: every command-line tool answers --help (usage on stdout, exit 0) and --version
# (its name and the project's version on stdout, exit 0), also after a subcommand.
#   TOOLS    list of "name=path" for each tool
#   VERSION  the project's version
#   GGUF     path of strata-gguf (its subcommands are checked too)
set(problems "")
function(check label expect)
    execute_process(COMMAND ${ARGN} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc TIMEOUT 60)
    if(NOT rc STREQUAL "0")
        list(APPEND problems "${label}: exit ${rc} (${err})")
    elseif(NOT out MATCHES "${expect}")
        list(APPEND problems "${label}: stdout lacks '${expect}': ${out}")
    endif()
    set(problems "${problems}" PARENT_SCOPE)
endfunction()

foreach(entry IN LISTS TOOLS)
    string(REGEX REPLACE "=.*$" "" name "${entry}")
    string(REGEX REPLACE "^[^=]*=" "" path "${entry}")
    check("${name} --help" "usage: ${name}" "${path}" --help)
    check("${name} -h" "usage: ${name}" "${path}" -h)
    check("${name} --version" "^${name} ${VERSION} " "${path}" --version)
endforeach()
foreach(command IN ITEMS info mkmodel quantize routing skew)
    check("strata-gguf ${command} --help" "usage: strata-gguf" "${GGUF}" ${command} --help)
endforeach()
check("strata-poolbench --json --help" "usage: strata-poolbench" "${POOLBENCH}" --json --help)

if(problems)
    string(JOIN "\n  " text ${problems})
    message(FATAL_ERROR "tools that do not answer --help or --version:\n  ${text}")
endif()
list(LENGTH TOOLS n)
message(STATUS "${n} tools answer --help and --version")
