# Sourced by scripts/setup.sh and scripts/setup-speech.sh: tools that do not depend on the checkout
# (virtualenvs, node-llama-cpp, Caddy, the reply models) are kept once per machine. In a checkout
# without its own copy, .tools/<name> is a link to $CACHE_DIR/tools/<name>/<key>, filled by the first
# set-up that needs it, so a clean clone (CI) or a git worktree takes them at once instead of
# installing them again (about 100 s on two cores). A checkout whose .tools/<name> is a directory of
# its own keeps it; a home that cannot be written to only costs the install.
CACHE_DIR=${COMPANION_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/companion}
# A virtualenv holds its interpreter's minor version.
PYTHON_TAG=$(python3 -c 'import sys; print("py%d.%d" % sys.version_info[:2])')

# share_tool NAME KEY: points .tools/NAME at the machine-wide copy for KEY, unless it is a directory.
share_tool() {
  local name=$1 key=$2
  local dir="$CACHE_DIR/tools/$name/$key"
  mkdir -p .tools
  [ -e ".tools/$name" ] && [ ! -L ".tools/$name" ] && return 0
  if mkdir -p "$dir" 2>/dev/null; then
    ln -sfn "$dir" ".tools/$name"
  else
    rm -f ".tools/$name"
  fi
}

# tool_lock NAME: a lock file for installing .tools/NAME, beside the directory it resolves to, so
# that two set-ups sharing the copy do not install into it at once (use: `9>"$(tool_lock NAME)"`).
tool_lock() {
  echo "$(readlink -f ".tools/$1").lock"
}

# new_venv NAME: a virtualenv at the real path of .tools/NAME (its scripts name that path, so they
# work from every checkout that links to it).
new_venv() {
  python3 -m venv "$(readlink -f ".tools/$1")"
}
