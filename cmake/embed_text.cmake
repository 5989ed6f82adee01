# cmake -DINPUT=file -DOUTPUT=file.inc -DDELIMITER=tdjs -P embed_text.cmake
# Writes INPUT as the body of a C++ raw string literal R"DELIMITER(...)DELIMITER", so a source can
# `#include` it as a string. Fails when INPUT holds the literal's end, or (for a script inlined in
# HTML) "</script" or "<!--", either of which would end or change the page's script element.
file(READ "${INPUT}" text)
string(FIND "${text}" ")${DELIMITER}\"" end_at)
string(TOLOWER "${text}" lower)
string(FIND "${lower}" "</script" script_end_at)
string(FIND "${lower}" "<!--" comment_at)
if(NOT end_at EQUAL -1 OR NOT script_end_at EQUAL -1 OR NOT comment_at EQUAL -1)
  message(FATAL_ERROR "${INPUT} holds ')${DELIMITER}\"', '</script' or '<!--': it cannot be inlined")
endif()
file(WRITE "${OUTPUT}.tmp" "R\"${DELIMITER}(${text})${DELIMITER}\"\n")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
