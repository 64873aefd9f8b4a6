# What the two Debian releases CI covers build differently, found from the target graph: CI's Debian 13
# leg builds and runs only that (.ci/leg.sh). The libraries that differ and that only the app and the
# server link: Qt 6 (6.4 / 6.8), KF6 SyntaxHighlighting (Debian 13 only), QtKeychain and cpp-httplib
# (0.11 / 0.18; the server's connection handling reaches into its task queue). The engine's own tests
# link none of them (Qt Test aside) and run under ASan/UBSan in the Debian 12 leg. (The engine's own
# libraries differ too, ICU 72 / 76 and hwloc 2.9 / 2.12: on Debian 13 they run only under the app's
# and the server's tests, which load models and tokenize through the engine.)
#
#   label `platform`   every test whose code links one of them, or that runs (add_dependencies) an
#                      executable that does; strata_add_qtest decides from LIBS, Qt Test not counted
#   target `platform`  builds those tests and every other executable that links one of them (the
#                      app, strata-server, the GUI benchmarks); the engine and server libraries they
#                      link come along, so g++ 14 still compiles all of the product's code
include_guard(GLOBAL)

set(STRATA_PLATFORM_LIBRARY_PATTERN "^((Qt6|KF6)[A-Za-z]*::.+|PkgConfig::CPP_HTTPLIB)$")

# strata_links_platform(<out-var> <items...>): TRUE when one of the items (target_link_libraries
# items or targets), or a target it links or depends on (add_dependencies), however indirectly, is
# one of the libraries above. Names that are not targets are leaves.
function(strata_links_platform out)
    set(queue ${ARGN})
    set(seen "")
    set(result FALSE)
    while(queue)
        list(POP_FRONT queue item)
        string(REGEX REPLACE "^\\$<LINK_ONLY:(.*)>$" "\\1" item "${item}")
        if(item MATCHES "${STRATA_PLATFORM_LIBRARY_PATTERN}")
            set(result TRUE)
            break()
        endif()
        if(NOT TARGET "${item}" OR item IN_LIST seen)
            continue()
        endif()
        list(APPEND seen "${item}")
        get_target_property(aliased "${item}" ALIASED_TARGET)
        if(aliased)
            list(APPEND queue "${aliased}")
            continue()
        endif()
        get_target_property(type "${item}" TYPE)
        get_target_property(imported "${item}" IMPORTED)
        set(properties INTERFACE_LINK_LIBRARIES)
        if(NOT imported AND NOT type STREQUAL "INTERFACE_LIBRARY")
            list(APPEND properties LINK_LIBRARIES MANUALLY_ADDED_DEPENDENCIES)
        endif()
        foreach(property IN LISTS properties)
            get_target_property(values "${item}" ${property})
            if(values)
                list(APPEND queue ${values})
            endif()
        endforeach()
    endwhile()
    set(${out} ${result} PARENT_SCOPE)
endfunction()

# strata_note_platform_test(<test-and-target> <libs...>): labels the test `platform` and puts its
# executable in the `platform` target when its libraries, or the executables it depends on, link one
# of the libraries above. strata_add_qtest defers it to the end of the test's folder, after the
# folder's add_dependencies. Tests that run a Qt tool instead of linking Qt (tests/layers,
# tests/translations) carry the label themselves.
function(strata_note_platform_test name)
    # A library defined after the test would be taken for a leaf and the test left out.
    foreach(lib IN LISTS ARGN)
        if(NOT TARGET "${lib}")
            message(FATAL_ERROR "${name} links ${lib}, which is not a target (yet): define the "
                                "libraries a test links before the test (cmake/StrataPlatformTests.cmake)")
        endif()
    endforeach()
    set_property(GLOBAL APPEND PROPERTY STRATA_QTEST_TARGETS ${name})
    get_target_property(depends ${name} MANUALLY_ADDED_DEPENDENCIES)
    if(NOT depends)
        set(depends "")
    endif()
    strata_links_platform(links ${ARGN} ${depends})
    if(links)
        set_property(TEST ${name} APPEND PROPERTY LABELS platform)
        set_property(GLOBAL APPEND PROPERTY STRATA_PLATFORM_TARGETS ${name})
    endif()
endfunction()

# strata_add_platform_target(): the `platform` target, once every target is defined (the end of the
# top-level CMakeLists.txt): the tests strata_note_platform_test picked, and every other executable
# of the project that links one of the libraries above.
function(strata_add_platform_target)
    get_property(targets GLOBAL PROPERTY STRATA_PLATFORM_TARGETS)
    get_property(qtests GLOBAL PROPERTY STRATA_QTEST_TARGETS)
    set(directories "${PROJECT_SOURCE_DIR}")
    while(directories)
        list(POP_FRONT directories directory)
        get_property(subdirectories DIRECTORY "${directory}" PROPERTY SUBDIRECTORIES)
        list(APPEND directories ${subdirectories})
        get_property(defined DIRECTORY "${directory}" PROPERTY BUILDSYSTEM_TARGETS)
        foreach(target IN LISTS defined)
            get_target_property(type ${target} TYPE)
            if(NOT type STREQUAL "EXECUTABLE" OR target IN_LIST qtests)
                continue()
            endif()
            strata_links_platform(links ${target})
            if(links)
                list(APPEND targets ${target})
            endif()
        endforeach()
    endwhile()
    add_custom_target(platform)
    if(targets)
        add_dependencies(platform ${targets})
    endif()
endfunction()
