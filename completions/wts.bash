# bash completion for wts: generated from the command tree by `npm run completions` (the same as `wts completion SHELL`); do not edit.
# Load it from ~/.bashrc:  source /path/to/wts/completions/wts.bash
# or install it:           cp completions/wts.bash ~/.local/share/bash-completion/completions/wts
# Git Bash (Windows), which has no bash-completion: the `source` line in ~/.bashrc.
# Ids complete from what recent list commands printed: completion-ids.tsv in the wts config directory.

# The subcommand a word names under a command path, aliases included: sets _wts_w, or fails.
_wts_sub() {
  case "$1|$2" in
    '|login') _wts_w=login ;;
    '|logout') _wts_w=logout ;;
    '|auth') _wts_w=auth ;;
    '|workspace'|'|workspaces') _wts_w=workspace ;;
    '|task'|'|tasks') _wts_w=task ;;
    '|agent'|'|agents') _wts_w=agent ;;
    '|run'|'|runs') _wts_w=run ;;
    '|approval'|'|approvals') _wts_w=approval ;;
    '|inbox') _wts_w=inbox ;;
    '|dash') _wts_w=dash ;;
    '|reminder'|'|reminders') _wts_w=reminder ;;
    '|instructions'|'|instruction') _wts_w=instructions ;;
    '|handbook'|'|handbooks') _wts_w=handbook ;;
    '|knowledge') _wts_w=knowledge ;;
    '|schedule'|'|schedules') _wts_w=schedule ;;
    '|config') _wts_w=config ;;
    '|api') _wts_w=api ;;
    '|mcp') _wts_w=mcp ;;
    '|doctor') _wts_w=doctor ;;
    '|sandbox') _wts_w=sandbox ;;
    '|completion') _wts_w=completion ;;
    '|help') _wts_w=help ;;
    'auth|status') _wts_w=status ;;
    'auth|token') _wts_w=token ;;
    'auth|refresh') _wts_w=refresh ;;
    'auth|list') _wts_w=list ;;
    'auth|switch') _wts_w=switch ;;
    'workspace|list') _wts_w=list ;;
    'workspace|members') _wts_w=members ;;
    'workspace|statuses') _wts_w=statuses ;;
    'workspace|create') _wts_w=create ;;
    'workspace|rename') _wts_w=rename ;;
    'workspace|archive') _wts_w=archive ;;
    'task|list') _wts_w=list ;;
    'task|board') _wts_w=board ;;
    'task|search') _wts_w=search ;;
    'task|view') _wts_w=view ;;
    'task|events') _wts_w=events ;;
    'task|chat') _wts_w=chat ;;
    'task|conversation') _wts_w=conversation ;;
    'task|edit') _wts_w=edit ;;
    'task|complete') _wts_w=complete ;;
    'task|assign') _wts_w=assign ;;
    'task|tag') _wts_w=tag ;;
    'task|note') _wts_w=note ;;
    'task|delete') _wts_w=delete ;;
    'task|create') _wts_w=create ;;
    'task|message') _wts_w=message ;;
    'task|runs') _wts_w=runs ;;
    'agent|list') _wts_w=list ;;
    'run|view') _wts_w=view ;;
    'run|watch') _wts_w=watch ;;
    'approval|review') _wts_w=review ;;
    'approval|list') _wts_w=list ;;
    'approval|view') _wts_w=view ;;
    'approval|approve') _wts_w=approve ;;
    'approval|reject') _wts_w=reject ;;
    'approval|done') _wts_w=done ;;
    'approval|answer') _wts_w=answer ;;
    'approval|edit') _wts_w=edit ;;
    'reminder|list') _wts_w=list ;;
    'reminder|create') _wts_w=create ;;
    'reminder|edit') _wts_w=edit ;;
    'reminder|cancel') _wts_w=cancel ;;
    'instructions|list') _wts_w=list ;;
    'instructions|view') _wts_w=view ;;
    'instructions|edit') _wts_w=edit ;;
    'instructions|reorder') _wts_w=reorder ;;
    'handbook|list') _wts_w=list ;;
    'handbook|view') _wts_w=view ;;
    'handbook|edit') _wts_w=edit ;;
    'handbook|reorder') _wts_w=reorder ;;
    'knowledge|list') _wts_w=list ;;
    'knowledge|view') _wts_w=view ;;
    'knowledge|add') _wts_w=add ;;
    'knowledge|edit') _wts_w=edit ;;
    'knowledge|remove') _wts_w=remove ;;
    'schedule|list') _wts_w=list ;;
    'schedule|view') _wts_w=view ;;
    'schedule|runs') _wts_w=runs ;;
    'schedule|create') _wts_w=create ;;
    'schedule|edit') _wts_w=edit ;;
    'schedule|pause') _wts_w=pause ;;
    'schedule|resume') _wts_w=resume ;;
    'schedule|delete') _wts_w=delete ;;
    'schedule|run') _wts_w=run ;;
    'schedule|explain') _wts_w=explain ;;
    'schedule|check') _wts_w=check ;;
    'schedule|export') _wts_w=export ;;
    'schedule|diff') _wts_w=diff ;;
    'schedule|apply') _wts_w=apply ;;
    'config|get') _wts_w=get ;;
    'config|set') _wts_w=set ;;
    'config|unset') _wts_w=unset ;;
    'config|list') _wts_w=list ;;
    'help|environment') _wts_w=environment ;;
    *) return 1 ;;
  esac
}

# What a flag's value completes from under a command path: sets _wts_v, or fails for a flag without a value.
_wts_value() {
  case "$1|$2" in
    'login|--scopes') _wts_v='-' ;;
    'login|--port') _wts_v='-' ;;
    'login|--client-id') _wts_v='-' ;;
    'login|--client-key') _wts_v='<' ;;
    'login|--client-auth') _wts_v='=none client_secret_basic client_secret_post private_key_jwt' ;;
    'login|--store') _wts_v='=keychain file' ;;
    'workspace create|--folder') _wts_v='-' ;;
    'task list|-w'|'task list|--workspace') _wts_v='@workspace' ;;
    'task list|--status') _wts_v='@status' ;;
    'task list|--assignee') _wts_v='@user' ;;
    'task list|--tag') _wts_v='-' ;;
    'task list|--sort') _wts_v='=due title created updated' ;;
    'task list|-L'|'task list|--limit') _wts_v='-' ;;
    'task board|-w'|'task board|--workspace') _wts_v='@workspace' ;;
    'task board|--rows') _wts_v='-' ;;
    'task search|-w'|'task search|--workspace') _wts_v='@workspace' ;;
    'task search|-L'|'task search|--limit') _wts_v='-' ;;
    'task events|-L'|'task events|--limit') _wts_v='-' ;;
    'task chat|-L'|'task chat|--limit') _wts_v='-' ;;
    'task conversation|-L'|'task conversation|--limit') _wts_v='-' ;;
    'task edit|--title') _wts_v='-' ;;
    'task edit|--status') _wts_v='@status' ;;
    'task edit|--due') _wts_v='-' ;;
    'task assign|--add') _wts_v='-' ;;
    'task assign|--remove') _wts_v='-' ;;
    'task assign|--set') _wts_v='-' ;;
    'task tag|--add') _wts_v='-' ;;
    'task tag|--remove') _wts_v='-' ;;
    'task tag|--set') _wts_v='-' ;;
    'task note|--file') _wts_v='<' ;;
    'task create|--agent') _wts_v='@agent' ;;
    'task create|--description') _wts_v='-' ;;
    'task create|--due') _wts_v='-' ;;
    'task create|--timeout') _wts_v='-' ;;
    'task message|--timeout') _wts_v='-' ;;
    'task runs|-L'|'task runs|--limit') _wts_v='-' ;;
    'run watch|--timeout') _wts_v='-' ;;
    'approval review|--workspace') _wts_v='@workspace' ;;
    'approval reject|--reason') _wts_v='-' ;;
    'approval done|--note') _wts_v='-' ;;
    'approval edit|--set') _wts_v='-' ;;
    'approval edit|--draft-file') _wts_v='<' ;;
    'inbox|--workspace') _wts_v='@workspace' ;;
    'inbox|--interval') _wts_v='-' ;;
    'inbox|--exec') _wts_v='-' ;;
    'dash|--workspace') _wts_v='@workspace' ;;
    'reminder create|--at') _wts_v='-' ;;
    'reminder create|--message') _wts_v='-' ;;
    'reminder edit|--at') _wts_v='-' ;;
    'reminder edit|--message') _wts_v='-' ;;
    'instructions edit|--title') _wts_v='-' ;;
    'instructions edit|--body-file') _wts_v='<' ;;
    'handbook edit|--title') _wts_v='-' ;;
    'handbook edit|--body-file') _wts_v='<' ;;
    'knowledge add|--name') _wts_v='-' ;;
    'knowledge add|--note') _wts_v='-' ;;
    'knowledge edit|--name') _wts_v='-' ;;
    'knowledge edit|--note') _wts_v='-' ;;
    'knowledge edit|--url') _wts_v='-' ;;
    'schedule runs|-L'|'schedule runs|--limit') _wts_v='-' ;;
    'schedule create|--title') _wts_v='-' ;;
    'schedule create|--prompt') _wts_v='-' ;;
    'schedule create|--prompt-file') _wts_v='<' ;;
    'schedule create|--cron') _wts_v='-' ;;
    'schedule create|--workspace') _wts_v='@workspace' ;;
    'schedule create|--agent') _wts_v='@agent' ;;
    'schedule edit|--title') _wts_v='-' ;;
    'schedule edit|--prompt') _wts_v='-' ;;
    'schedule edit|--prompt-file') _wts_v='<' ;;
    'schedule edit|--cron') _wts_v='-' ;;
    'schedule edit|--workspace') _wts_v='@workspace' ;;
    'schedule edit|--agent') _wts_v='@agent' ;;
    'schedule run|--timeout') _wts_v='-' ;;
    'schedule explain|--tz') _wts_v='-' ;;
    'schedule explain|--count') _wts_v='-' ;;
    'schedule check|--workspace') _wts_v='@workspace' ;;
    'schedule check|--require') _wts_v='=active paused' ;;
    'schedule check|--max-late') _wts_v='-' ;;
    'schedule check|--last-run') _wts_v='=succeeded' ;;
    'schedule export|-w'|'schedule export|--workspace') _wts_v='@workspace' ;;
    'schedule export|-o'|'schedule export|--output') _wts_v='-' ;;
    'schedule diff|-f'|'schedule diff|--file') _wts_v='<' ;;
    'schedule apply|-f'|'schedule apply|--file') _wts_v='<' ;;
    'api|-f'|'api|--raw-field') _wts_v='-' ;;
    'api|-F'|'api|--field') _wts_v='-' ;;
    'api|-X'|'api|--method') _wts_v='-' ;;
    'api|-H'|'api|--header') _wts_v='-' ;;
    'api|--input') _wts_v='<' ;;
    'mcp|--tools') _wts_v='-' ;;
    'sandbox|--port') _wts_v='-' ;;
    'sandbox|--public-origin') _wts_v='-' ;;
    'sandbox|--auto-approve') _wts_v='-' ;;
    'sandbox|--data') _wts_v='<' ;;
    'sandbox|--seed-tasks') _wts_v='-' ;;
    'sandbox|--fault-429') _wts_v='-' ;;
    'sandbox|--fault-5xx') _wts_v='-' ;;
    'sandbox|--fault-drop') _wts_v='-' ;;
    'sandbox|--latency') _wts_v='-' ;;
    'sandbox|--rate-limit') _wts_v='-' ;;
    'sandbox|--wire-names') _wts_v='<' ;;
    'sandbox|--wire-document') _wts_v='-' ;;
    'sandbox|--unknown-names') _wts_v='-' ;;
    *'|--profile') _wts_v='-' ;;
    *'|--origin') _wts_v='-' ;;
    *'|--json') _wts_v='-' ;;
    *'|-q'|*'|--jq') _wts_v='-' ;;
    *) return 1 ;;
  esac
}

# What a command path completes: its subcommands, flags and positional arguments.
_wts_spec() {
  _wts_subs=() _wts_flags=() _wts_args=()
  case $1 in
    '') _wts_subs=(login logout auth workspace task agent run approval inbox dash reminder instructions handbook knowledge schedule config api mcp doctor sandbox completion help) _wts_flags=(--version --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
    'login') _wts_flags=(--scopes --no-browser --port --client-id --client-key --client-auth --store --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
    'logout') _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
    'auth') _wts_subs=(status token refresh list switch) _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
    'auth status') _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
    'auth token') _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
    'auth refresh') _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
    'auth list') _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
    'auth switch') _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('-') ;;
    'workspace') _wts_subs=(list members statuses create rename archive) _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
    'workspace list') _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
    'workspace members') _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@workspace') ;;
    'workspace statuses') _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@workspace') ;;
    'workspace create') _wts_flags=(--folder --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('-') ;;
    'workspace rename') _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@workspace' '-') ;;
    'workspace archive') _wts_flags=(--yes --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@workspace') ;;
    'task') _wts_subs=(list board search view events chat conversation edit complete assign tag note delete create message runs) _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
    'task list') _wts_flags=(--workspace --all-workspaces --status --assignee --tag --unassigned --sort --limit --all --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@workspace') ;;
    'task board') _wts_flags=(--workspace --rows --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@workspace') ;;
    'task search') _wts_flags=(--workspace --limit --all --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@workspace' '*-') ;;
    'task view') _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@task') ;;
    'task events') _wts_flags=(--limit --all --follow --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@task') ;;
    'task chat') _wts_flags=(--limit --all --follow --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@task') ;;
    'task conversation') _wts_flags=(--limit --all --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@task') ;;
    'task edit') _wts_flags=(--title --status --due --skip-missing --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('*@task') ;;
    'task complete') _wts_flags=(--skip-missing --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('*@task') ;;
    'task assign') _wts_flags=(--add --remove --set --clear --skip-missing --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@task' '*-') ;;
    'task tag') _wts_flags=(--add --remove --set --clear --skip-missing --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@task' '*-') ;;
    'task note') _wts_flags=(--file --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@task' '-') ;;
    'task delete') _wts_flags=(--yes --skip-missing --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('*@task') ;;
    'task create') _wts_flags=(--agent --description --due --wait --timeout --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('-') ;;
    'task message') _wts_flags=(--wait --timeout --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@task' '-') ;;
    'task runs') _wts_flags=(--limit --all --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@task') ;;
    'agent') _wts_subs=(list) _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
    'agent list') _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
    'run') _wts_subs=(view watch) _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
    'run view') _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@run') ;;
    'run watch') _wts_flags=(--timeout --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@run') ;;
    'approval') _wts_subs=(review list view approve reject done answer edit) _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
    'approval review') _wts_flags=(--workspace --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
    'approval list') _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@task') ;;
    'approval view') _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@approval') ;;
    'approval approve') _wts_flags=(--skip-missing --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('*@approval') ;;
    'approval reject') _wts_flags=(--reason --skip-missing --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('*@approval') ;;
    'approval done') _wts_flags=(--note --skip-missing --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('*@approval') ;;
    'approval answer') _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@approval' '-') ;;
    'approval edit') _wts_flags=(--set --draft-file --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@approval') ;;
    'inbox') _wts_flags=(--workspace --watch --interval --exec --notify --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
    'dash') _wts_flags=(--workspace --notify --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
    'reminder') _wts_subs=(list create edit cancel) _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
    'reminder list') _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@task') ;;
    'reminder create') _wts_flags=(--at --message --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@task') ;;
    'reminder edit') _wts_flags=(--at --message --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@reminder') ;;
    'reminder cancel') _wts_flags=(--yes --skip-missing --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('*@reminder') ;;
    'instructions') _wts_subs=(list view edit reorder) _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
    'instructions list') _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@agent') ;;
    'instructions view') _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@instructions') ;;
    'instructions edit') _wts_flags=(--title --body-file --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@instructions') ;;
    'instructions reorder') _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@agent' '*@instructions') ;;
    'handbook') _wts_subs=(list view edit reorder) _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
    'handbook list') _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
    'handbook view') _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@handbook') ;;
    'handbook edit') _wts_flags=(--title --body-file --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@handbook') ;;
    'handbook reorder') _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('*@handbook') ;;
    'knowledge') _wts_subs=(list view add edit remove) _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
    'knowledge list') _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
    'knowledge view') _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@knowledge') ;;
    'knowledge add') _wts_flags=(--name --note --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('-') ;;
    'knowledge edit') _wts_flags=(--name --note --url --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@knowledge') ;;
    'knowledge remove') _wts_flags=(--yes --skip-missing --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('*@knowledge') ;;
    'schedule') _wts_subs=(list view runs create edit pause resume delete run explain check export diff apply) _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
    'schedule list') _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
    'schedule view') _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@schedule') ;;
    'schedule runs') _wts_flags=(--limit --all --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@schedule') ;;
    'schedule create') _wts_flags=(--title --prompt --prompt-file --cron --workspace --agent --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
    'schedule edit') _wts_flags=(--title --prompt --prompt-file --cron --workspace --agent --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('@schedule') ;;
    'schedule pause') _wts_flags=(--skip-missing --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('*@schedule') ;;
    'schedule resume') _wts_flags=(--skip-missing --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('*@schedule') ;;
    'schedule delete') _wts_flags=(--yes --skip-missing --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('*@schedule') ;;
    'schedule run') _wts_flags=(--wait --timeout --skip-missing --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('*@schedule') ;;
    'schedule explain') _wts_flags=(--tz --count --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('-') ;;
    'schedule check') _wts_flags=(--workspace --require --max-late --last-run --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('*@schedule') ;;
    'schedule export') _wts_flags=(--workspace --output --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
    'schedule diff') _wts_flags=(--file --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
    'schedule apply') _wts_flags=(--file --prune --yes --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
    'config') _wts_subs=(get set unset list) _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
    'config get') _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('=workspace editor pager browser dash.refresh accessible wire-names openapi-url') ;;
    'config set') _wts_flags=(--force --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('=workspace editor pager browser dash.refresh accessible wire-names openapi-url' '-') ;;
    'config unset') _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('=workspace editor pager browser dash.refresh accessible wire-names openapi-url') ;;
    'config list') _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
    'api') _wts_flags=(--raw-field --field --method --header --include --input --paginate --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('-' '-') ;;
    'mcp') _wts_flags=(--allow-writes --tools --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
    'doctor') _wts_flags=(--refresh --print-names --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
    'sandbox') _wts_flags=(--port --public-origin --auto-approve --data --seed-tasks --fault-429 --fault-5xx --fault-drop --latency --rate-limit --wire-names --wire-document --unknown-names --profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
    'completion') _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('=bash zsh fish powershell') ;;
    'help') _wts_subs=(environment) _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) _wts_args=('*=login logout auth workspace task agent run approval inbox dash reminder instructions handbook knowledge schedule config api mcp doctor sandbox completion help') ;;
    'help environment') _wts_flags=(--profile --origin --json --jq --no-color --debug --verbose --quiet --no-pager --accessible --help) ;;
  esac
}

_wts_add() {
  local word
  for word; do [[ $word == "$cur"* ]] && COMPREPLY+=("$word"); done
}

_wts_ids() {
  local dir=${WTS_CONFIG_DIR:-} kind id label
  if [[ -z $dir ]]; then
    case $OSTYPE in
      darwin*) dir=$HOME/Library/Preferences/wts ;;
      msys* | cygwin*) dir=$(cygpath -u "$APPDATA" 2>/dev/null || printf %s "$APPDATA")/wts/Config ;;
      *) dir=${XDG_CONFIG_HOME:-$HOME/.config}/wts ;;
    esac
  fi
  [[ -r $dir/completion-ids.tsv ]] || return 0
  while IFS=$'\t' read -r kind id label; do
    [[ $kind == "$1" && $id == "$cur"* ]] && COMPREPLY+=("$id")
  done < "$dir/completion-ids.tsv"
}

_wts_complete_value() {
  local file
  case $1 in
    '='*) _wts_add ${1#=} ;;
    @*) _wts_ids "${1#@}" ;;
    '<')
      compopt -o filenames 2>/dev/null
      while IFS= read -r file; do COMPREPLY+=("$file"); done < <(compgen -f -- "$cur")
      ;;
  esac
}

# `--flag=VALUE`: with `=` in COMP_WORDBREAKS (the default) bash hands it over as the words `--flag` `=`
# `VALUE` and inserts a completion after the `=`; without, as one word, which each completion then repeats.
_wts() {
  local cur=${COMP_WORDS[COMP_CWORD]} cmd= word flag= i npos=0 n arg _wts_w _wts_v eq
  local -a _wts_subs _wts_flags _wts_args
  COMPREPLY=()
  for ((i = 1; i < COMP_CWORD; i++)); do
    word=${COMP_WORDS[i]}
    # The `=` after a flag joins it to its value: the flag still waits for it (a flag without one skips it).
    if [[ $word == = && ${COMP_WORDS[i - 1]} == --* ]]; then flag=${flag:-=}; continue; fi
    if [[ -n $flag ]]; then flag=; continue; fi
    case $word in
      -*=*) ;;
      -*) _wts_value "$cmd" "$word" && flag=$word ;;
      *)
        if ((npos == 0)) && _wts_sub "$cmd" "$word"; then cmd=${cmd:+$cmd }$_wts_w
        else npos=$((npos + 1)); fi
        ;;
    esac
  done
  if [[ $cur == = && ${COMP_WORDS[COMP_CWORD - 1]} == --* ]]; then
    cur=
    [[ -n $flag ]] || return 0
  elif [[ -z $flag && $cur == --*=* ]]; then
    flag=${cur%%=*} eq=$flag= cur=${cur#*=}
  fi
  if [[ -n $flag ]]; then
    _wts_value "$cmd" "$flag" && _wts_complete_value "$_wts_v"
    [[ -n $eq ]] && COMPREPLY=("${COMPREPLY[@]/#/$eq}")
    return 0
  fi
  _wts_spec "$cmd"
  if [[ $cur == -* ]]; then _wts_add "${_wts_flags[@]}"; return 0; fi
  ((npos == 0)) && _wts_add "${_wts_subs[@]}"
  n=${#_wts_args[@]}
  ((n == 0)) && return 0
  if ((npos < n)); then arg=${_wts_args[npos]}
  else arg=${_wts_args[n - 1]}; [[ $arg == '*'* ]] || return 0; fi
  _wts_complete_value "${arg#\*}"
  return 0
}

complete -F _wts wts
