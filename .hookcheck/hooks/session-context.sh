#!/bin/sh
echo "You are working on branch $(git rev-parse --abbrev-ref HEAD 2>/dev/null || echo unknown)."
