// The completion scripts for bash, zsh, fish and PowerShell, rendered from the command tree. Everything a script needs
// is written into it as static lists, so completing a command or a flag starts no process; ids are read
// from the file recent listings wrote (see ids.ts), by the shell itself.
//
// Each script has the same three generated tables — the subcommand a word names under a command path,
// what a flag's value completes from, and what each path completes (subcommands, flags, arguments) —
// and a hand-written driver that walks the words typed so far through them. Value specs are encoded as
// `=a b c` (fixed choices), `@kind` (remembered ids of that kind), `<` (file names) or `-` (free text);
// an argument spec starting with `*` repeats.
import type { Command } from 'commander';
import { ID_CACHE_FILE } from './ids.js';
import { completionSpec, type CommandSpec, type FlagSpec, type ValueSpec } from './spec.js';

export const SHELLS = ['bash', 'zsh', 'fish', 'powershell'] as const;
export type Shell = (typeof SHELLS)[number];

/** Where `npm run completions` writes each script, relative to the repository. */
export const COMPLETION_FILES: Record<Shell, string> = {
  bash: 'completions/wts.bash',
  zsh: 'completions/_wts',
  fish: 'completions/wts.fish',
  powershell: 'completions/wts.ps1',
};

function encode(value: ValueSpec): string {
  switch (value.type) {
    case 'choices':
      return `=${value.values.join(' ')}`;
    case 'ids':
      return `@${value.kind}`;
    case 'files':
      return '<';
    case 'text':
      return '-';
  }
}

const encodeArgs = (spec: CommandSpec) => spec.args.map((a) => `${a.repeats ? '*' : ''}${encode(a.value)}`);

/** Single-quoted for bash and zsh. */
const sq = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
/** Single-quoted for fish. */
const fq = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
/** Single-quoted for PowerShell. */
const pq = (text: string) => `'${text.replace(/'/g, "''")}'`;
/** A description on one line. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

const GENERATED = 'generated from the command tree by `npm run completions` (the same as `wts completion SHELL`); do not edit';
const IDS_NOTE = `Ids complete from what recent list commands printed: ${ID_CACHE_FILE} in the wts config directory.`;

/** `(path, word)` → canonical subcommand; `(path, flag)` → value spec: the rows of the two lookup tables. */
function tables(specs: CommandSpec[]) {
  const subs: { key: string[]; name: string }[] = [];
  const values: { key: string[]; value: string }[] = [];
  const [root] = specs;
  if (root === undefined) return { subs, values };
  const globalNames = new Set(root.flags.flatMap((f) => f.names));
  for (const spec of specs) {
    for (const sub of spec.subcommands) subs.push({ key: [sub.name, ...sub.aliases].map((w) => `${spec.path}|${w}`), name: sub.name });
    for (const flag of spec.flags) {
      if (!flag.value) continue;
      // Global flags are matched for any path, once, after every command's own.
      if (spec !== root && flag.names.some((n) => globalNames.has(n))) continue;
      values.push({ key: flag.names.map((n) => `${spec === root ? '*' : spec.path}|${n}`), value: encode(flag.value) });
    }
  }
  // Specific paths first: a command's own flag wins over a global of the same name.
  const isGlobal = (row: { key: string[] }) => row.key.some((k) => k.startsWith('*|'));
  values.sort((a, b) => Number(isGlobal(a)) - Number(isGlobal(b)));
  return { subs, values };
}

/** A case pattern for bash and zsh: `*|--profile` keeps its star unquoted. */
const casePattern = (key: string) => (key.startsWith('*|') ? `*${sq(key.slice(1))}` : sq(key));

/** One name per flag for bash, which shows no descriptions: the long one. */
const longNames = (flags: FlagSpec[]) => flags.map((f) => f.names.find((n) => n.startsWith('--')) ?? f.names[0] ?? '');

function shCaseTables(specs: CommandSpec[]): string {
  const { subs, values } = tables(specs);
  return `# The subcommand a word names under a command path, aliases included: sets _wts_w, or fails.
_wts_sub() {
  case "$1|$2" in
${subs.map((s) => `    ${s.key.map(sq).join('|')}) _wts_w=${s.name} ;;`).join('\n')}
    *) return 1 ;;
  esac
}

# What a flag's value completes from under a command path: sets _wts_v, or fails for a flag without a value.
_wts_value() {
  case "$1|$2" in
${values.map((v) => `    ${v.key.map(casePattern).join('|')}) _wts_v=${sq(v.value)} ;;`).join('\n')}
    *) return 1 ;;
  esac
}`;
}

export function renderBash(specs: CommandSpec[]): string {
  const spec = specs
    .map((s) => {
      const parts = [
        s.subcommands.length ? `_wts_subs=(${s.subcommands.map((c) => c.name).join(' ')})` : '',
        `_wts_flags=(${longNames(s.flags).join(' ')})`,
        s.args.length ? `_wts_args=(${encodeArgs(s).map(sq).join(' ')})` : '',
      ].filter(Boolean);
      return `    ${sq(s.path)}) ${parts.join(' ')} ;;`;
    })
    .join('\n');
  return `# bash completion for wts: ${GENERATED}.
# Load it from ~/.bashrc:  source /path/to/wts/completions/wts.bash
# or install it:           cp completions/wts.bash ~/.local/share/bash-completion/completions/wts
# Git Bash (Windows), which has no bash-completion: the \`source\` line in ~/.bashrc.
# ${IDS_NOTE}

${shCaseTables(specs)}

# What a command path completes: its subcommands, flags and positional arguments.
_wts_spec() {
  _wts_subs=() _wts_flags=() _wts_args=()
  case $1 in
${spec}
  esac
}

_wts_add() {
  local word
  for word; do [[ $word == "$cur"* ]] && COMPREPLY+=("$word"); done
}

_wts_ids() {
  local dir=\${WTS_CONFIG_DIR:-} kind id label
  if [[ -z $dir ]]; then
    case $OSTYPE in
      darwin*) dir=$HOME/Library/Preferences/wts ;;
      msys* | cygwin*) dir=$(cygpath -u "$APPDATA" 2>/dev/null || printf %s "$APPDATA")/wts/Config ;;
      *) dir=\${XDG_CONFIG_HOME:-$HOME/.config}/wts ;;
    esac
  fi
  [[ -r $dir/${ID_CACHE_FILE} ]] || return 0
  while IFS=$'\\t' read -r kind id label; do
    [[ $kind == "$1" && $id == "$cur"* ]] && COMPREPLY+=("$id")
  done < "$dir/${ID_CACHE_FILE}"
}

_wts_complete_value() {
  local file
  case $1 in
    '='*) _wts_add \${1#=} ;;
    @*) _wts_ids "\${1#@}" ;;
    '<')
      compopt -o filenames 2>/dev/null
      while IFS= read -r file; do COMPREPLY+=("$file"); done < <(compgen -f -- "$cur")
      ;;
  esac
}

# \`--flag=VALUE\`: with \`=\` in COMP_WORDBREAKS (the default) bash hands it over as the words \`--flag\` \`=\`
# \`VALUE\` and inserts a completion after the \`=\`; without, as one word, which each completion then repeats.
_wts() {
  local cur=\${COMP_WORDS[COMP_CWORD]} cmd= word flag= i npos=0 n arg _wts_w _wts_v eq
  local -a _wts_subs _wts_flags _wts_args
  COMPREPLY=()
  for ((i = 1; i < COMP_CWORD; i++)); do
    word=\${COMP_WORDS[i]}
    # The \`=\` after a flag joins it to its value: the flag still waits for it (a flag without one skips it).
    if [[ $word == = && \${COMP_WORDS[i - 1]} == --* ]]; then flag=\${flag:-=}; continue; fi
    if [[ -n $flag ]]; then flag=; continue; fi
    case $word in
      -*=*) ;;
      -*) _wts_value "$cmd" "$word" && flag=$word ;;
      *)
        if ((npos == 0)) && _wts_sub "$cmd" "$word"; then cmd=\${cmd:+$cmd }$_wts_w
        else npos=$((npos + 1)); fi
        ;;
    esac
  done
  if [[ $cur == = && \${COMP_WORDS[COMP_CWORD - 1]} == --* ]]; then
    cur=
    [[ -n $flag ]] || return 0
  elif [[ -z $flag && $cur == --*=* ]]; then
    flag=\${cur%%=*} eq=$flag= cur=\${cur#*=}
  fi
  if [[ -n $flag ]]; then
    _wts_value "$cmd" "$flag" && _wts_complete_value "$_wts_v"
    [[ -n $eq ]] && COMPREPLY=("\${COMPREPLY[@]/#/$eq}")
    return 0
  fi
  _wts_spec "$cmd"
  if [[ $cur == -* ]]; then _wts_add "\${_wts_flags[@]}"; return 0; fi
  ((npos == 0)) && _wts_add "\${_wts_subs[@]}"
  n=\${#_wts_args[@]}
  ((n == 0)) && return 0
  if ((npos < n)); then arg=\${_wts_args[npos]}
  else arg=\${_wts_args[n - 1]}; [[ $arg == '*'* ]] || return 0; fi
  _wts_complete_value "\${arg#\\*}"
  return 0
}

complete -F _wts wts
`;
}

/** `name:description` for zsh's _describe (a colon in the name is escaped). */
const described = (name: string, description: string) => sq(`${name.replace(/:/g, '\\:')}:${oneLine(description)}`);

export function renderZsh(specs: CommandSpec[]): string {
  const spec = specs
    .map((s) => {
      const parts = [
        s.subcommands.length ? `_wts_subs=(${s.subcommands.map((c) => described(c.name, c.description)).join(' ')})` : '',
        `_wts_flags=(${s.flags.flatMap((f) => f.names.map((n) => described(n, f.description))).join(' ')})`,
        s.args.length ? `_wts_args=(${encodeArgs(s).map(sq).join(' ')})` : '',
      ].filter(Boolean);
      return `    (${sq(s.path)})\n      ${parts.join('\n      ')} ;;`;
    })
    .join('\n');
  return `#compdef wts
# zsh completion for wts: ${GENERATED}.
# Install it into a directory of $fpath before compinit runs, e.g. in ~/.zshrc:
#   fpath=(/path/to/wts/completions $fpath); autoload -U compinit; compinit
# or, after compinit:  source /path/to/wts/completions/_wts
# ${IDS_NOTE}

${shCaseTables(specs)}

# What a command path completes: its subcommands and flags (name:description), and positional arguments.
_wts_spec() {
  _wts_subs=() _wts_flags=() _wts_args=()
  case $1 in
${spec}
  esac
}

_wts_ids() {
  local dir=\${WTS_CONFIG_DIR:-} kind id label
  if [[ -z $dir ]]; then
    case $OSTYPE in (darwin*) dir=$HOME/Library/Preferences/wts ;; (*) dir=\${XDG_CONFIG_HOME:-$HOME/.config}/wts ;; esac
  fi
  [[ -r $dir/${ID_CACHE_FILE} ]] || return 0
  while IFS=$'\\t' read -r kind id label; do
    [[ $kind == "$1" ]] && _wts_out+=("\${id//:/\\\\:}\${label:+:$label}")
  done < "$dir/${ID_CACHE_FILE}"
}

_wts_value_candidates() {
  case $1 in
    ('='*) _wts_out+=(\${=\${1#=}}) ;;
    (@*) _wts_ids "\${1#@}" ;;
    ('<') _wts_mode=files ;;
  esac
}

# Fills _wts_out with name:description candidates (or sets _wts_mode=files) from $words and $CURRENT;
# for a word \`--flag=VALUE\`, candidates for VALUE, with _wts_prefix=--flag= to keep in front of them.
_wts_candidates() {
  local cur=\${words[CURRENT]} cmd= word flag= i npos=0 n arg _wts_w _wts_v
  local -a _wts_subs _wts_flags _wts_args
  _wts_out=() _wts_mode=describe _wts_prefix=
  for ((i = 2; i < CURRENT; i++)); do
    word=\${words[i]}
    if [[ -n $flag ]]; then flag=; continue; fi
    case $word in
      (-*=*) ;;
      (-*) _wts_value "$cmd" "$word" && flag=$word ;;
      (*)
        if ((npos == 0)) && _wts_sub "$cmd" "$word"; then cmd=\${cmd:+$cmd }$_wts_w
        else npos=$((npos + 1)); fi
        ;;
    esac
  done
  if [[ -z $flag && $cur == --*=* ]]; then flag=\${cur%%=*} _wts_prefix=\${cur%%=*}=; fi
  if [[ -n $flag ]]; then
    _wts_value "$cmd" "$flag" && _wts_value_candidates "$_wts_v"
    return 0
  fi
  _wts_spec "$cmd"
  if [[ $cur == -* ]]; then _wts_out=("\${_wts_flags[@]}"); return 0; fi
  ((npos == 0)) && _wts_out+=("\${_wts_subs[@]}")
  n=\${#_wts_args}
  ((n == 0)) && return 0
  if ((npos < n)); then arg=\${_wts_args[npos + 1]}
  else arg=\${_wts_args[n]}; [[ $arg == '*'* ]] || return 0; fi
  _wts_value_candidates "\${arg#\\*}"
  return 0
}

_wts() {
  local -a _wts_out
  local _wts_mode _wts_prefix
  _wts_candidates
  # zsh completes the value alone, the \`--flag=\` before it kept as it is (in IPREFIX).
  [[ -n $_wts_prefix ]] && compset -P "\${(b)_wts_prefix}"
  if [[ $_wts_mode == files ]]; then _files; return; fi
  ((\${#_wts_out})) && _describe -t wts-values 'wts' _wts_out
}

if [[ \${funcstack[1]} == _wts ]]; then _wts "$@"; else compdef _wts wts; fi
`;
}

export function renderFish(specs: CommandSpec[]): string {
  const { subs, values } = tables(specs);
  const fishPattern = (key: string) => (key.startsWith('*|') ? `'*${fq(key.slice(1)).slice(1)}` : fq(key));
  const entry = (name: string, description: string) => `${fq(name)}\\t${fq(oneLine(description))}`;
  const spec = specs
    .map((s) => {
      const lines = [
        s.subcommands.length ? `set -g __wts_subs ${s.subcommands.map((c) => entry(c.name, c.description)).join(' ')}` : '',
        `set -g __wts_flags ${s.flags.flatMap((f) => f.names.map((n) => entry(n, f.description))).join(' ')}`,
        s.args.length ? `set -g __wts_args ${encodeArgs(s).map(fq).join(' ')}` : '',
      ].filter(Boolean);
      return `        case ${fq(s.path)}\n            ${lines.join('\n            ')}`;
    })
    .join('\n');
  return `# fish completion for wts: ${GENERATED}.
# Install it:  cp completions/wts.fish ~/.config/fish/completions/wts.fish
# ${IDS_NOTE}

complete -c wts -e

# The subcommand a word names under a command path, aliases included: sets __wts_w, or fails.
function __wts_sub --argument-names cmd word
    switch "$cmd|$word"
${subs.map((s) => `        case ${s.key.map(fq).join(' ')}\n            set -g __wts_w ${s.name}`).join('\n')}
        case '*'
            return 1
    end
end

# What a flag's value completes from under a command path: sets __wts_v, or fails for a flag without a value.
function __wts_value --argument-names cmd flag
    switch "$cmd|$flag"
${values.map((v) => `        case ${v.key.map(fishPattern).join(' ')}\n            set -g __wts_v ${fq(v.value)}`).join('\n')}
        case '*'
            return 1
    end
end

# What a command path completes: its subcommands and flags (name<TAB>description), and positional arguments.
function __wts_spec --argument-names cmd
    set -g __wts_subs
    set -g __wts_flags
    set -g __wts_args
    switch "$cmd"
${spec}
    end
end

function __wts_ids --argument-names kind
    set -l dir $WTS_CONFIG_DIR
    if test -z "$dir"
        if test (uname) = Darwin
            set dir $HOME/Library/Preferences/wts
        else if test -n "$XDG_CONFIG_HOME"
            set dir $XDG_CONFIG_HOME/wts
        else
            set dir $HOME/.config/wts
        end
    end
    test -r $dir/${ID_CACHE_FILE}; or return 0
    string replace -rf '^'$kind'\\t([^\\t]*)\\t?(.*)$' '$1\\t$2' <$dir/${ID_CACHE_FILE}
end

# Candidates for a value spec; \`cur\` is the value typed so far, for file names.
function __wts_value_candidates --argument-names spec cur
    switch "$spec"
        case '=*'
            string split ' ' -- (string sub -s 2 -- $spec)
        case '@*'
            __wts_ids (string sub -s 2 -- $spec)
        case '<'
            __fish_complete_path "$cur"
    end
end

function __wts_complete
    set -l words (commandline -opc)
    set -e words[1]
    set -l cmd ''
    set -l flag ''
    set -l npos 0
    for word in $words
        if test -n "$flag"
            set flag ''
            continue
        end
        switch $word
            case '-*=*'
            case '-*'
                __wts_value "$cmd" $word; and set flag $word
            case '*'
                if test $npos -eq 0; and __wts_sub "$cmd" $word
                    set cmd (string trim -- "$cmd $__wts_w")
                else
                    set npos (math $npos + 1)
                end
        end
    end
    set -l cur (commandline -ct)
    # A word \`--flag=VALUE\`: candidates for VALUE, each after the \`--flag=\` (fish matches the whole word).
    set -l eq ''
    if test -z "$flag"; and string match -qr -- '^--[^=]+=' "$cur"
        set flag (string replace -r -- '=.*' '' $cur)
        set eq "$flag="
        set cur (string sub -s (math (string length -- $eq) + 1) -- $cur)
    end
    if test -n "$flag"
        __wts_value "$cmd" $flag; and __wts_value_candidates $__wts_v "$cur" | string replace -r -- '^' "$eq"
        return 0
    end
    __wts_spec "$cmd"
    if string match -q -- '-*' "$cur"
        printf '%s\\n' $__wts_flags
        return 0
    end
    test $npos -eq 0; and printf '%s\\n' $__wts_subs
    set -l n (count $__wts_args)
    test $n -eq 0; and return 0
    set -l arg
    if test $npos -lt $n
        set arg $__wts_args[(math $npos + 1)]
    else
        set arg $__wts_args[$n]
        string match -qr -- '^\\*' $arg; or return 0
    end
    __wts_value_candidates (string replace -r -- '^\\*' '' $arg) "$cur"
end

complete -c wts -f -a '(__wts_complete)'
`;
}

/** The PowerShell tables: subcommand of a word, value spec of a flag, and what each path completes. */
function powerShellTables(specs: CommandSpec[]): string {
  const { subs, values } = tables(specs);
  const pair = (a: string, b: string) => `@(${pq(a)}, ${pq(oneLine(b))})`;
  // A one-element @(@(a, b)) would flatten to @(a, b): the unary comma keeps a single pair a pair.
  const list = (items: string[]) => (items.length === 1 ? `@(,${items[0]})` : `@(${items.join(', ')})`);
  const pairs = (flags: FlagSpec[]) => list(flags.flatMap((f) => f.names.map((n) => pair(n, f.description))));
  // The flags every command has (the global ones, --help) are written once, not under every path.
  const key = (f: FlagSpec) => f.names.join(' ');
  const everywhere = specs.reduce<Set<string> | undefined>(
    (common, spec) => new Set(spec.flags.map(key).filter((k) => common === undefined || common.has(k))),
    undefined,
  );
  const shared = (f: FlagSpec) => everywhere?.has(key(f)) ?? false;
  return [
    ...subs.flatMap((row) => row.key.map((k) => `$global:__wtsSub[${pq(k)}] = ${pq(row.name)}`)),
    ...values.flatMap((row) => row.key.map((k) => `$global:__wtsValue[${pq(k)}] = ${pq(row.value)}`)),
    `$global:__wtsGlobalFlags = ${pairs(specs[0]?.flags.filter(shared) ?? [])}`,
    ...specs.map(
      (spec) =>
        `$global:__wtsSpec[${pq(spec.path)}] = @{ Subs = ${list(spec.subcommands.map((c) => pair(c.name, c.description)))}; ` +
        `Flags = ${pairs(spec.flags.filter((f) => !shared(f)))}; Args = ${list(encodeArgs(spec).map(pq))} }`,
    ),
  ].join('\n');
}

// The command names are quoted strings: PowerShell reads a bare `wts, wts.cmd` the same, but the grammar
// the tests parse this script with (tree-sitter-powershell) takes no unquoted list as a command's argument.
export function renderPowerShell(specs: CommandSpec[]): string {
  return `# PowerShell completion for wts: ${GENERATED}.
# Load it from your profile (notepad $PROFILE):  wts completion powershell | Out-String | Invoke-Expression
# or save it once:  wts completion powershell > "$HOME\\wts.ps1"  and add to $PROFILE:  . "$HOME\\wts.ps1"
# ${IDS_NOTE}

$global:__wtsSub = [Collections.Generic.Dictionary[string, string]]::new([StringComparer]::Ordinal)
$global:__wtsValue = [Collections.Generic.Dictionary[string, string]]::new([StringComparer]::Ordinal)
$global:__wtsSpec = [Collections.Generic.Dictionary[string, object]]::new([StringComparer]::Ordinal)
${powerShellTables(specs)}

Register-ArgumentCompleter -Native -CommandName 'wts', 'wts.cmd', 'wts.ps1' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)
    # What a flag's value completes from under a command path: its own, else a global flag's; $null without a value.
    $valueOf = {
        param($cmd, $flag)
        if ($global:__wtsValue.ContainsKey("$cmd|$flag")) { return $global:__wtsValue["$cmd|$flag"] }
        if ($global:__wtsValue.ContainsKey("*|$flag")) { return $global:__wtsValue["*|$flag"] }
        return $null
    }
    $starts = { param($text) $text.StartsWith($wordToComplete, [StringComparison]::Ordinal) }
    $result = { param($text, $type, $tip) [Management.Automation.CompletionResult]::new($text, $text, $type, $(if ($tip) { $tip } else { $text })) }
    # Candidates for a value spec: =choices, @ids remembered by recent lists; none for files and free text
    # (PowerShell then offers file names). Each after $prefix: the --flag= of a word --flag=VALUE.
    $candidates = {
        param($spec, $prefix)
        if ($spec.StartsWith('=')) {
            $spec.Substring(1).Split(' ') | ForEach-Object { "$prefix$_" } | Where-Object { & $starts $_ } | ForEach-Object { & $result $_ 'ParameterValue' }
        } elseif ($spec.StartsWith('@')) {
            $kind = $spec.Substring(1)
            $dir = $env:WTS_CONFIG_DIR
            if (-not $dir) {
                if ($IsMacOS) { $dir = Join-Path $HOME 'Library/Preferences/wts' }
                elseif ($IsLinux) { $dir = Join-Path $(if ($env:XDG_CONFIG_HOME) { $env:XDG_CONFIG_HOME } else { Join-Path $HOME '.config' }) 'wts' }
                else { $dir = Join-Path $env:APPDATA 'wts\\Config' }
            }
            $file = Join-Path $dir '${ID_CACHE_FILE}'
            if (Test-Path -LiteralPath $file) {
                Get-Content -LiteralPath $file -Encoding UTF8 | ForEach-Object {
                    $kindIdLabel = $_.Split([char]9)
                    if ($kindIdLabel.Count -ge 2 -and $kindIdLabel[0] -ceq $kind -and (& $starts "$prefix$($kindIdLabel[1])")) {
                        & $result "$prefix$($kindIdLabel[1])" 'ParameterValue' $(if ($kindIdLabel.Count -ge 3) { $kindIdLabel[2] } else { $null })
                    }
                }
            }
        }
    }
    # The words typed before the one completed, without wts itself.
    $words = @($commandAst.CommandElements | Where-Object { $_.Extent.EndOffset -lt $cursorPosition } | ForEach-Object { $_.Extent.Text } | Select-Object -Skip 1)
    $cmd = ''
    $flag = $null
    $npos = 0
    foreach ($word in $words) {
        if ($flag) { $flag = $null; continue }
        if ($word -like '-*=*') { continue }
        if ($word.StartsWith('-')) {
            if ($null -ne (& $valueOf $cmd $word)) { $flag = $word }
            continue
        }
        if ($npos -eq 0 -and $global:__wtsSub.ContainsKey("$cmd|$word")) {
            $cmd = ("$cmd " + $global:__wtsSub["$cmd|$word"]).Trim()
            continue
        }
        $npos++
    }
    if ($flag) { return & $candidates (& $valueOf $cmd $flag) '' }
    # A word --flag=VALUE ($wordToComplete is all of it): the flag's values, each as --flag=VALUE.
    if ($wordToComplete -match '^(--[^=]+)=') {
        $eqSpec = & $valueOf $cmd $Matches[1]
        if ($null -ne $eqSpec) { return & $candidates $eqSpec "$($Matches[1])=" }
        return
    }
    $spec = $global:__wtsSpec[$cmd]
    if ($wordToComplete.StartsWith('-')) {
        return (@($spec.Flags) + @($global:__wtsGlobalFlags)) | Where-Object { & $starts $_[0] } | ForEach-Object { & $result $_[0] 'ParameterName' $_[1] }
    }
    if ($npos -eq 0) { $spec.Subs | Where-Object { & $starts $_[0] } | ForEach-Object { & $result $_[0] 'Command' $_[1] } }
    $n = $spec.Args.Count
    if ($n -eq 0) { return }
    if ($npos -lt $n) { $arg = $spec.Args[$npos] }
    else { $arg = $spec.Args[$n - 1]; if (-not $arg.StartsWith('*')) { return } }
    & $candidates $arg.TrimStart('*') ''
}
`;
}

/** The completion script for `shell`, from the tree under `root` (the whole CLI). */
export function completionScript(shell: Shell, root: Command): string {
  const specs = completionSpec(root);
  if (shell === 'powershell') return renderPowerShell(specs);
  return shell === 'bash' ? renderBash(specs) : shell === 'zsh' ? renderZsh(specs) : renderFish(specs);
}
