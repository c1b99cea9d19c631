# run_scenarios.cmake: the `scenarios` ctest, and .ci/test's scenario runs
# (cmake -DMTGSIM=BIN -DDIR="FOLDER|FOLDER..." [-DRUNNER="valgrind;-q;..."] -P
# run_scenarios.cmake). `mtgsim scenario` on every file of the folders (under
# RUNNER when given) must exit 0 and print one line per file with
# "pass":true: a file without an expect prints "pass":null and checks
# nothing, and a binary that prints nothing checks nothing either.
string(REPLACE "|" ";" dirs "${DIR}")
set(files "")
foreach(d IN LISTS dirs)
  file(GLOB in_d "${d}/*.json")
  if(NOT in_d)
    message(FATAL_ERROR "no scenario file in ${d}")
  endif()
  list(APPEND files ${in_d})
endforeach()
list(LENGTH files n)
execute_process(COMMAND ${RUNNER} "${MTGSIM}" scenario ${files}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "mtgsim scenario exited ${rc}:\n${err}")
endif()
string(REGEX MATCHALL "\"pass\":true" passed "${out}")
list(LENGTH passed k)
if(NOT k EQUAL n)
  message(FATAL_ERROR "${k} of the ${n} files of ${DIR} passed their expect:\n${out}${err}")
endif()
message(STATUS "${n} scenario files passed their expect")
