# source_files: the files a fresh clone of the repository has, one per line,
# relative to the repository root (run it there): git's tracked files plus new
# files git does not ignore, as they are in the working tree (so uncommitted
# edits are what gets checked). Without git (a source archive): every file
# but .git/ and the directories .gitignore names (its `name/` lines).
# shellcheck shell=bash
source_files() {
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    local f
    git ls-files --cached --others --exclude-standard |
      while IFS= read -r f; do [ ! -f "$f" ] || printf '%s\n' "$f"; done  # deleted, not yet committed
    return
  fi
  local -a prune=(-name .git)
  local line
  if [ -f .gitignore ]; then
    while IFS= read -r line; do
      case $line in */) prune+=(-o -name "${line%/}") ;; esac
    done <.gitignore
  fi
  find . \( "${prune[@]}" \) -prune -o -type f -printf '%P\n'
}
