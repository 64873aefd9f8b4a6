# Man pages for every installed program, made at build time by help2man from the program's own
# --help, so a page can never describe options the program no longer has. Debian wants one page per
# program in /usr/bin (lintian: no-manual-page) and pages compressed (gzip -n: no time stamp, so the
# package is reproducible).
find_program(STRATA_HELP2MAN help2man)
find_program(STRATA_GZIP gzip)
if(NOT STRATA_HELP2MAN OR NOT STRATA_GZIP)
    message(FATAL_ERROR "STRATA_PACKAGING needs help2man and gzip for the man pages (apt-get install help2man)")
endif()

# program name;one-line description for the page's NAME section
set(strata_man_programs
    "strata|desktop application for running GGUF language models locally"
    "strata-cli|chat with a GGUF model in the terminal"
    "strata-server|OpenAI- and Anthropic-compatible HTTP API over a local GGUF model"
    "strata-gguf|inspect GGUF files and write small synthetic models"
    "strata-info|show the machine's CPU topology, GPUs and what this build contains"
    "strata-bench|measure prefill and decode speed of a GGUF model"
    "strata-poolbench|measure the engine's worker pool against its synchronisation cost"
    "strata-kernelbench|measure the engine's matrix kernels against memory bandwidth"
    "strata-monitor|print the engine's live telemetry while a model generates")

set(strata_man_pages)
set(strata_man_targets)  # the programs themselves: packaging/CMakeLists.txt's strata-package-files
foreach(entry IN LISTS strata_man_programs)
    string(REPLACE "|" ";" parts "${entry}")
    list(GET parts 0 program)
    list(GET parts 1 description)
    if(NOT TARGET ${program})
        continue()
    endif()
    set(page ${CMAKE_CURRENT_BINARY_DIR}/man/${program}.1)
    # --no-discard-stderr: a tool that prints its usage on stderr still gets a page instead of an
    # empty one; --version-string: the project's version, not help2man's guess from a longer line.
    add_custom_command(OUTPUT ${page}.gz
        COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/man
        COMMAND ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=offscreen LC_ALL=C.UTF-8
                ${STRATA_HELP2MAN} --no-info --no-discard-stderr --section=1
                --version-string=${PROJECT_VERSION} --name=${description}
                --output=${page} $<TARGET_FILE:${program}>
        COMMAND ${STRATA_GZIP} -9nf ${page}
        DEPENDS ${program}
        COMMENT "help2man: ${program}.1"
        VERBATIM)
    list(APPEND strata_man_pages ${page}.gz)
    list(APPEND strata_man_targets ${program})
endforeach()
add_custom_target(strata-man-pages ALL DEPENDS ${strata_man_pages})
include(GNUInstallDirs)
install(FILES ${strata_man_pages} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
