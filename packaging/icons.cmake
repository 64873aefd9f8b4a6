# The app icon as PNGs in the sizes desktops look up in the hicolor theme (the SVG is installed by
# resources/). Rendered at build time from resources/icons/strata.svg by rsvg-convert (librsvg2-bin),
# so the SVG stays the one source and no binary copies of it sit in the repository.
find_program(STRATA_RSVG_CONVERT rsvg-convert)
if(NOT STRATA_RSVG_CONVERT)
    message(FATAL_ERROR "STRATA_PACKAGING needs rsvg-convert for the PNG icons (apt-get install librsvg2-bin)")
endif()

set(strata_icon_svg ${PROJECT_SOURCE_DIR}/resources/icons/strata.svg)
set(strata_icon_pngs)
foreach(size 16 22 24 32 48 64 128 256 512)
    set(png ${CMAKE_CURRENT_BINARY_DIR}/icons/${size}x${size}/io.strata.Strata.png)
    add_custom_command(OUTPUT ${png}
        COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/icons/${size}x${size}
        COMMAND ${STRATA_RSVG_CONVERT} --width=${size} --height=${size} --output=${png} ${strata_icon_svg}
        DEPENDS ${strata_icon_svg}
        COMMENT "rsvg-convert: ${size}x${size} icon"
        VERBATIM)
    list(APPEND strata_icon_pngs ${png})
    install(FILES ${png} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps)
endforeach()
add_custom_target(strata-icons ALL DEPENDS ${strata_icon_pngs})
