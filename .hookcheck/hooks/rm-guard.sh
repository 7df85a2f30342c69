#!/bin/sh
if grep -q 'rm -rf'; then
  echo "guard: no rm -rf here"
  exit 2
fi
exit 0
