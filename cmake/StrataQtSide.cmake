# What links Qt, found from the target graph: CI's Debian 13 leg builds and runs only that (the app,
# its libraries and the tests of code that links Qt or KF6), since the engine's own tests do not
# depend on the Qt version and run under ASan/UBSan in the Debian 12 leg (.ci/leg.sh).
#
#   label `qt`        on every test whose code links Qt or KF6 (strata_add_qtest decides from its LIBS;
#                     Qt Test itself, which every test links, does not count)
#   target `links-qt` builds every executable that links Qt or KF6 (the app, its tools) and every
#                     test labelled `qt`; the engine and server libraries they link come along
include_guard(GLOBAL)

# strata_links_qt(<out-var> <items...>): TRUE when one of the items, or a target it links, however
# indirectly, is a Qt 6 or KF6 target (Qt6::*, Qt6Keychain::*, KF6::*). Items are what
# target_link_libraries takes; names that are not targets (yet) are leaves, so call it after the
# libraries are defined (tests/ is added last).
function(strata_links_qt out)
    set(queue ${ARGN})
    set(seen "")
    set(result FALSE)
    while(queue)
        list(POP_FRONT queue item)
        string(REGEX REPLACE "^\\$<LINK_ONLY:(.*)>$" "\\1" item "${item}")
        if(item MATCHES "^(Qt6|KF6)[A-Za-z]*::")
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
            list(APPEND properties LINK_LIBRARIES)
        endif()
        foreach(property IN LISTS properties)
            get_target_property(libs "${item}" ${property})
            if(libs)
                list(APPEND queue ${libs})
            endif()
        endforeach()
    endwhile()
    set(${out} ${result} PARENT_SCOPE)
endfunction()

# strata_note_qt_test(<test-and-target> <libs...>): labels the test `qt` and puts its executable in
# `links-qt` when its libraries link Qt or KF6; tests that run a Qt tool instead of linking Qt
# (tests/layers, tests/translations) carry the label themselves. Called by strata_add_qtest.
function(strata_note_qt_test name)
    # A library defined after the test would be taken for a leaf and the test left out of `qt`.
    foreach(lib IN LISTS ARGN)
        if(NOT TARGET "${lib}")
            message(FATAL_ERROR "${name} links ${lib}, which is not a target (yet): define the "
                                "libraries a test links before the test (cmake/StrataQtSide.cmake)")
        endif()
    endforeach()
    set_property(GLOBAL APPEND PROPERTY STRATA_QTEST_TARGETS ${name})
    strata_links_qt(links ${ARGN})
    if(links)
        set_property(TEST ${name} APPEND PROPERTY LABELS qt)
        set_property(GLOBAL APPEND PROPERTY STRATA_LINKS_QT_TARGETS ${name})
    endif()
endfunction()

# strata_add_links_qt_target(): the `links-qt` target, after every target is defined (the end of the
# top-level CMakeLists.txt): the tests strata_note_qt_test picked, and every other executable of the
# project that links Qt or KF6.
function(strata_add_links_qt_target)
    get_property(targets GLOBAL PROPERTY STRATA_LINKS_QT_TARGETS)
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
            strata_links_qt(links ${target})
            if(links)
                list(APPEND targets ${target})
            endif()
        endforeach()
    endwhile()
    add_custom_target(links-qt)
    if(targets)
        add_dependencies(links-qt ${targets})
    endif()
endfunction()
