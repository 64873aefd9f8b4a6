# Project-wide options, compiler warnings and sanitizer switches.
include_guard(GLOBAL)

option(STRATA_BUILD_APP   "Build the Qt desktop application (needs Qt 6.4+)" ON)
option(STRATA_BUILD_TESTS "Build the tests" ON)
option(STRATA_WERROR      "Treat compiler warnings as errors" OFF)
set(STRATA_SANITIZE "" CACHE STRING "Sanitizers to build with: '', 'address,undefined' or 'thread'")
option(STRATA_FUZZ        "Build libFuzzer targets (needs clang)" OFF)
set(STRATA_NATIVE_ARCH OFF CACHE BOOL "Compile with -march=native (kernels dispatch at run time anyway)")

# Warnings apply to our own targets only: strata_apply_warnings(<target>).
function(strata_apply_warnings target)
    if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
        target_compile_options(${target} PRIVATE
            $<$<COMPILE_LANGUAGE:CXX,C>:-Wall -Wextra -Wpedantic -Wno-missing-field-initializers>)
        # Shadowed locals hide real bugs; g++ can limit the check to locals, clang cannot.
        if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
            target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX,C>:-Wshadow=local>)
        endif()
        if(STRATA_WERROR)
            target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX,C>:-Werror>)
        endif()
    endif()
endfunction()

if(STRATA_SANITIZE)
    # Host C/C++ only: nvcc does not take these flags.
    add_compile_options($<$<COMPILE_LANGUAGE:CXX,C>:-fsanitize=${STRATA_SANITIZE}>
                        $<$<COMPILE_LANGUAGE:CXX,C>:-fno-omit-frame-pointer>)
    add_link_options(-fsanitize=${STRATA_SANITIZE})
    if(STRATA_SANITIZE MATCHES "undefined")
        add_compile_options($<$<COMPILE_LANGUAGE:CXX,C>:-fno-sanitize-recover=undefined>)
    endif()
endif()

if(STRATA_FUZZ)
    if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
        message(FATAL_ERROR "STRATA_FUZZ needs clang (libFuzzer)")
    endif()
    # The engine itself gets coverage instrumentation so the fuzzers can steer through it.
    add_compile_options(-fsanitize=fuzzer-no-link,address,undefined)
    # Without it UBSan prints a finding and the fuzzer goes on: CI passed while printing one.
    add_compile_options(-fno-sanitize-recover=undefined)
    add_link_options(-fsanitize=address,undefined)
endif()

# What Debian 12's dpkg-buildflags sets with DEB_BUILD_MAINT_OPTIONS=hardening=+all (PIE is g++'s
# default there), written out so the release preset (and so the .deb, which packages a release build)
# gets it without dpkg-dev and on the distributions without dpkg. lintian checks the result
# (docs/architecture/packaging.md). Host C/C++ only: nvcc takes none of these.
option(STRATA_HARDENING "Compile with fortified libc calls, stack protector, full RELRO (the release preset)" OFF)
if(STRATA_HARDENING)
    # -U first: Ubuntu's g++ defines _FORTIFY_SOURCE itself; glibc's checks need an optimised build.
    add_compile_options($<$<AND:$<COMPILE_LANGUAGE:CXX,C>,$<NOT:$<CONFIG:Debug>>>:-U_FORTIFY_SOURCE>
                        $<$<AND:$<COMPILE_LANGUAGE:CXX,C>,$<NOT:$<CONFIG:Debug>>>:-D_FORTIFY_SOURCE=2>
                        $<$<COMPILE_LANGUAGE:CXX,C>:-fstack-protector-strong>
                        $<$<COMPILE_LANGUAGE:CXX,C>:-Wformat>
                        $<$<COMPILE_LANGUAGE:CXX,C>:-Werror=format-security>)
    add_link_options(LINKER:-z,relro LINKER:-z,now)
endif()
