# GPU back-end detection. Each option is AUTO (use it when found), ON (required) or OFF.
#
# CUDA: the engine links the CUDA *runtime* statically (cudart_static), which loads the
# driver (libcuda) with dlopen at run time. Never link libcuda: Strata must start on
# machines without an NVIDIA driver.
include_guard(GLOBAL)

set(STRATA_CUDA AUTO CACHE STRING "Build the CUDA back-end: AUTO, ON or OFF")
set_property(CACHE STRATA_CUDA PROPERTY STRINGS AUTO ON OFF)
set(STRATA_VULKAN AUTO CACHE STRING "Build the Vulkan back-end: AUTO, ON or OFF")
set_property(CACHE STRATA_VULKAN PROPERTY STRINGS AUTO ON OFF)
set(STRATA_CUDA_ROOT "/usr/local/cuda" CACHE PATH "Where to look for nvcc when STRATA_CUDA is AUTO")

set(STRATA_HAVE_CUDA OFF)
if(NOT STRATA_CUDA STREQUAL "OFF")
    if(NOT CMAKE_CUDA_COMPILER AND EXISTS "${STRATA_CUDA_ROOT}/bin/nvcc")
        set(CMAKE_CUDA_COMPILER "${STRATA_CUDA_ROOT}/bin/nvcc" CACHE FILEPATH "CUDA compiler" FORCE)
    endif()
    if(CMAKE_CUDA_COMPILER)
        if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
            # Turing and newer; override with -DCMAKE_CUDA_ARCHITECTURES=...
            set(CMAKE_CUDA_ARCHITECTURES "75;86;89;90" CACHE STRING "CUDA architectures")
        endif()
        enable_language(CUDA)
        # CMake 3.25 knows no CUDA20 dialect for nvcc; newer CMake does. Teach it the flag, so
        # targets' C++20 requirement reaches .cu files as one -std=c++20 (nvcc 12+ supports it).
        if(NOT CMAKE_CUDA20_STANDARD_COMPILE_OPTION)
            set(CMAKE_CUDA20_STANDARD_COMPILE_OPTION "-std=c++20")
            set(CMAKE_CUDA20_EXTENSION_COMPILE_OPTION "-std=c++20")
            list(APPEND CMAKE_CUDA_COMPILE_FEATURES cuda_std_20)
        endif()
        # CMake 3.25's FindCUDAToolkit (Debian 12) sets a property on CUDA::nvToolsExt whether or not
        # that library was found, and CUDA 12.9+ no longer ships it: configure fails. An empty
        # stand-in lets the module finish; nothing links it (NVTX3 is header-only).
        if(CMAKE_VERSION VERSION_LESS 3.26 AND NOT TARGET CUDA::nvToolsExt)
            add_library(CUDA::nvToolsExt INTERFACE IMPORTED)
        endif()
        find_package(CUDAToolkit REQUIRED)
        set(STRATA_HAVE_CUDA ON)
    elseif(STRATA_CUDA STREQUAL "ON")
        message(FATAL_ERROR "STRATA_CUDA=ON but no nvcc found (set CMAKE_CUDA_COMPILER)")
    endif()
endif()

set(STRATA_HAVE_VULKAN OFF)
if(NOT STRATA_VULKAN STREQUAL "OFF")
    find_package(Vulkan QUIET)
    if(Vulkan_FOUND)
        set(STRATA_HAVE_VULKAN ON)
    elseif(STRATA_VULKAN STREQUAL "ON")
        message(FATAL_ERROR "STRATA_VULKAN=ON but the Vulkan SDK (libvulkan-dev) was not found")
    endif()
endif()

# strata_cuda_target(<target>): .cu files in C++20, CUDA runtime linked statically.
function(strata_cuda_target target)
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:--expt-relaxed-constexpr>)
    set_target_properties(${target} PROPERTIES CUDA_STANDARD 20 CUDA_STANDARD_REQUIRED ON
        CUDA_RUNTIME_LIBRARY Static CUDA_SEPARABLE_COMPILATION OFF)
endfunction()
