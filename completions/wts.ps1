# PowerShell completion for wts: generated from the command tree by `npm run completions` (the same as `wts completion SHELL`); do not edit.
# Load it from your profile (notepad $PROFILE):  wts completion powershell | Out-String | Invoke-Expression
# or save it once:  wts completion powershell > "$HOME\wts.ps1"  and add to $PROFILE:  . "$HOME\wts.ps1"
# Ids complete from what recent list commands printed: completion-ids.tsv in the wts config directory.

$global:__wtsSub = [Collections.Generic.Dictionary[string, string]]::new([StringComparer]::Ordinal)
$global:__wtsValue = [Collections.Generic.Dictionary[string, string]]::new([StringComparer]::Ordinal)
$global:__wtsSpec = [Collections.Generic.Dictionary[string, object]]::new([StringComparer]::Ordinal)
$global:__wtsSub['|login'] = 'login'
$global:__wtsSub['|logout'] = 'logout'
$global:__wtsSub['|auth'] = 'auth'
$global:__wtsSub['|workspace'] = 'workspace'
$global:__wtsSub['|workspaces'] = 'workspace'
$global:__wtsSub['|task'] = 'task'
$global:__wtsSub['|tasks'] = 'task'
$global:__wtsSub['|agent'] = 'agent'
$global:__wtsSub['|agents'] = 'agent'
$global:__wtsSub['|run'] = 'run'
$global:__wtsSub['|runs'] = 'run'
$global:__wtsSub['|approval'] = 'approval'
$global:__wtsSub['|approvals'] = 'approval'
$global:__wtsSub['|inbox'] = 'inbox'
$global:__wtsSub['|dash'] = 'dash'
$global:__wtsSub['|reminder'] = 'reminder'
$global:__wtsSub['|reminders'] = 'reminder'
$global:__wtsSub['|instructions'] = 'instructions'
$global:__wtsSub['|instruction'] = 'instructions'
$global:__wtsSub['|handbook'] = 'handbook'
$global:__wtsSub['|handbooks'] = 'handbook'
$global:__wtsSub['|knowledge'] = 'knowledge'
$global:__wtsSub['|schedule'] = 'schedule'
$global:__wtsSub['|schedules'] = 'schedule'
$global:__wtsSub['|config'] = 'config'
$global:__wtsSub['|api'] = 'api'
$global:__wtsSub['|mcp'] = 'mcp'
$global:__wtsSub['|doctor'] = 'doctor'
$global:__wtsSub['|sandbox'] = 'sandbox'
$global:__wtsSub['|completion'] = 'completion'
$global:__wtsSub['|help'] = 'help'
$global:__wtsSub['auth|status'] = 'status'
$global:__wtsSub['auth|token'] = 'token'
$global:__wtsSub['auth|refresh'] = 'refresh'
$global:__wtsSub['auth|list'] = 'list'
$global:__wtsSub['auth|switch'] = 'switch'
$global:__wtsSub['workspace|list'] = 'list'
$global:__wtsSub['workspace|members'] = 'members'
$global:__wtsSub['workspace|statuses'] = 'statuses'
$global:__wtsSub['workspace|create'] = 'create'
$global:__wtsSub['workspace|rename'] = 'rename'
$global:__wtsSub['workspace|archive'] = 'archive'
$global:__wtsSub['task|list'] = 'list'
$global:__wtsSub['task|board'] = 'board'
$global:__wtsSub['task|search'] = 'search'
$global:__wtsSub['task|view'] = 'view'
$global:__wtsSub['task|events'] = 'events'
$global:__wtsSub['task|chat'] = 'chat'
$global:__wtsSub['task|conversation'] = 'conversation'
$global:__wtsSub['task|edit'] = 'edit'
$global:__wtsSub['task|complete'] = 'complete'
$global:__wtsSub['task|assign'] = 'assign'
$global:__wtsSub['task|tag'] = 'tag'
$global:__wtsSub['task|note'] = 'note'
$global:__wtsSub['task|delete'] = 'delete'
$global:__wtsSub['task|create'] = 'create'
$global:__wtsSub['task|message'] = 'message'
$global:__wtsSub['task|runs'] = 'runs'
$global:__wtsSub['agent|list'] = 'list'
$global:__wtsSub['run|view'] = 'view'
$global:__wtsSub['run|watch'] = 'watch'
$global:__wtsSub['approval|review'] = 'review'
$global:__wtsSub['approval|list'] = 'list'
$global:__wtsSub['approval|view'] = 'view'
$global:__wtsSub['approval|approve'] = 'approve'
$global:__wtsSub['approval|reject'] = 'reject'
$global:__wtsSub['approval|done'] = 'done'
$global:__wtsSub['approval|answer'] = 'answer'
$global:__wtsSub['approval|edit'] = 'edit'
$global:__wtsSub['reminder|list'] = 'list'
$global:__wtsSub['reminder|create'] = 'create'
$global:__wtsSub['reminder|edit'] = 'edit'
$global:__wtsSub['reminder|cancel'] = 'cancel'
$global:__wtsSub['instructions|list'] = 'list'
$global:__wtsSub['instructions|view'] = 'view'
$global:__wtsSub['instructions|edit'] = 'edit'
$global:__wtsSub['instructions|reorder'] = 'reorder'
$global:__wtsSub['handbook|list'] = 'list'
$global:__wtsSub['handbook|view'] = 'view'
$global:__wtsSub['handbook|edit'] = 'edit'
$global:__wtsSub['handbook|reorder'] = 'reorder'
$global:__wtsSub['knowledge|list'] = 'list'
$global:__wtsSub['knowledge|view'] = 'view'
$global:__wtsSub['knowledge|add'] = 'add'
$global:__wtsSub['knowledge|edit'] = 'edit'
$global:__wtsSub['knowledge|remove'] = 'remove'
$global:__wtsSub['schedule|list'] = 'list'
$global:__wtsSub['schedule|view'] = 'view'
$global:__wtsSub['schedule|runs'] = 'runs'
$global:__wtsSub['schedule|create'] = 'create'
$global:__wtsSub['schedule|edit'] = 'edit'
$global:__wtsSub['schedule|pause'] = 'pause'
$global:__wtsSub['schedule|resume'] = 'resume'
$global:__wtsSub['schedule|delete'] = 'delete'
$global:__wtsSub['schedule|run'] = 'run'
$global:__wtsSub['schedule|explain'] = 'explain'
$global:__wtsSub['schedule|check'] = 'check'
$global:__wtsSub['schedule|export'] = 'export'
$global:__wtsSub['schedule|diff'] = 'diff'
$global:__wtsSub['schedule|apply'] = 'apply'
$global:__wtsSub['config|get'] = 'get'
$global:__wtsSub['config|set'] = 'set'
$global:__wtsSub['config|unset'] = 'unset'
$global:__wtsSub['config|list'] = 'list'
$global:__wtsSub['help|environment'] = 'environment'
$global:__wtsValue['login|--scopes'] = '-'
$global:__wtsValue['login|--port'] = '-'
$global:__wtsValue['login|--client-id'] = '-'
$global:__wtsValue['login|--client-key'] = '<'
$global:__wtsValue['login|--client-auth'] = '=none client_secret_basic client_secret_post private_key_jwt'
$global:__wtsValue['login|--store'] = '=keychain file'
$global:__wtsValue['workspace create|--folder'] = '-'
$global:__wtsValue['task list|-w'] = '@workspace'
$global:__wtsValue['task list|--workspace'] = '@workspace'
$global:__wtsValue['task list|--status'] = '@status'
$global:__wtsValue['task list|--assignee'] = '@user'
$global:__wtsValue['task list|--tag'] = '-'
$global:__wtsValue['task list|--sort'] = '=due title created updated'
$global:__wtsValue['task list|-L'] = '-'
$global:__wtsValue['task list|--limit'] = '-'
$global:__wtsValue['task board|-w'] = '@workspace'
$global:__wtsValue['task board|--workspace'] = '@workspace'
$global:__wtsValue['task board|--rows'] = '-'
$global:__wtsValue['task search|-w'] = '@workspace'
$global:__wtsValue['task search|--workspace'] = '@workspace'
$global:__wtsValue['task search|-L'] = '-'
$global:__wtsValue['task search|--limit'] = '-'
$global:__wtsValue['task events|-L'] = '-'
$global:__wtsValue['task events|--limit'] = '-'
$global:__wtsValue['task chat|-L'] = '-'
$global:__wtsValue['task chat|--limit'] = '-'
$global:__wtsValue['task conversation|-L'] = '-'
$global:__wtsValue['task conversation|--limit'] = '-'
$global:__wtsValue['task edit|--title'] = '-'
$global:__wtsValue['task edit|--status'] = '@status'
$global:__wtsValue['task edit|--due'] = '-'
$global:__wtsValue['task assign|--add'] = '-'
$global:__wtsValue['task assign|--remove'] = '-'
$global:__wtsValue['task assign|--set'] = '-'
$global:__wtsValue['task tag|--add'] = '-'
$global:__wtsValue['task tag|--remove'] = '-'
$global:__wtsValue['task tag|--set'] = '-'
$global:__wtsValue['task note|--file'] = '<'
$global:__wtsValue['task create|--agent'] = '@agent'
$global:__wtsValue['task create|--description'] = '-'
$global:__wtsValue['task create|--due'] = '-'
$global:__wtsValue['task create|--timeout'] = '-'
$global:__wtsValue['task message|--timeout'] = '-'
$global:__wtsValue['task runs|-L'] = '-'
$global:__wtsValue['task runs|--limit'] = '-'
$global:__wtsValue['run watch|--timeout'] = '-'
$global:__wtsValue['approval review|--workspace'] = '@workspace'
$global:__wtsValue['approval reject|--reason'] = '-'
$global:__wtsValue['approval done|--note'] = '-'
$global:__wtsValue['approval edit|--set'] = '-'
$global:__wtsValue['approval edit|--draft-file'] = '<'
$global:__wtsValue['inbox|--workspace'] = '@workspace'
$global:__wtsValue['inbox|--interval'] = '-'
$global:__wtsValue['inbox|--exec'] = '-'
$global:__wtsValue['dash|--workspace'] = '@workspace'
$global:__wtsValue['reminder create|--at'] = '-'
$global:__wtsValue['reminder create|--message'] = '-'
$global:__wtsValue['reminder edit|--at'] = '-'
$global:__wtsValue['reminder edit|--message'] = '-'
$global:__wtsValue['instructions edit|--title'] = '-'
$global:__wtsValue['instructions edit|--body-file'] = '<'
$global:__wtsValue['handbook edit|--title'] = '-'
$global:__wtsValue['handbook edit|--body-file'] = '<'
$global:__wtsValue['knowledge add|--name'] = '-'
$global:__wtsValue['knowledge add|--note'] = '-'
$global:__wtsValue['knowledge edit|--name'] = '-'
$global:__wtsValue['knowledge edit|--note'] = '-'
$global:__wtsValue['knowledge edit|--url'] = '-'
$global:__wtsValue['schedule runs|-L'] = '-'
$global:__wtsValue['schedule runs|--limit'] = '-'
$global:__wtsValue['schedule create|--title'] = '-'
$global:__wtsValue['schedule create|--prompt'] = '-'
$global:__wtsValue['schedule create|--prompt-file'] = '<'
$global:__wtsValue['schedule create|--cron'] = '-'
$global:__wtsValue['schedule create|--workspace'] = '@workspace'
$global:__wtsValue['schedule create|--agent'] = '@agent'
$global:__wtsValue['schedule edit|--title'] = '-'
$global:__wtsValue['schedule edit|--prompt'] = '-'
$global:__wtsValue['schedule edit|--prompt-file'] = '<'
$global:__wtsValue['schedule edit|--cron'] = '-'
$global:__wtsValue['schedule edit|--workspace'] = '@workspace'
$global:__wtsValue['schedule edit|--agent'] = '@agent'
$global:__wtsValue['schedule run|--timeout'] = '-'
$global:__wtsValue['schedule explain|--tz'] = '-'
$global:__wtsValue['schedule explain|--count'] = '-'
$global:__wtsValue['schedule check|--workspace'] = '@workspace'
$global:__wtsValue['schedule check|--require'] = '=active paused'
$global:__wtsValue['schedule check|--max-late'] = '-'
$global:__wtsValue['schedule check|--last-run'] = '=succeeded'
$global:__wtsValue['schedule export|-w'] = '@workspace'
$global:__wtsValue['schedule export|--workspace'] = '@workspace'
$global:__wtsValue['schedule export|-o'] = '-'
$global:__wtsValue['schedule export|--output'] = '-'
$global:__wtsValue['schedule diff|-f'] = '<'
$global:__wtsValue['schedule diff|--file'] = '<'
$global:__wtsValue['schedule apply|-f'] = '<'
$global:__wtsValue['schedule apply|--file'] = '<'
$global:__wtsValue['api|-f'] = '-'
$global:__wtsValue['api|--raw-field'] = '-'
$global:__wtsValue['api|-F'] = '-'
$global:__wtsValue['api|--field'] = '-'
$global:__wtsValue['api|-X'] = '-'
$global:__wtsValue['api|--method'] = '-'
$global:__wtsValue['api|-H'] = '-'
$global:__wtsValue['api|--header'] = '-'
$global:__wtsValue['api|--input'] = '<'
$global:__wtsValue['mcp|--tools'] = '-'
$global:__wtsValue['sandbox|--port'] = '-'
$global:__wtsValue['sandbox|--public-origin'] = '-'
$global:__wtsValue['sandbox|--auto-approve'] = '-'
$global:__wtsValue['sandbox|--data'] = '<'
$global:__wtsValue['sandbox|--seed-tasks'] = '-'
$global:__wtsValue['sandbox|--fault-429'] = '-'
$global:__wtsValue['sandbox|--fault-5xx'] = '-'
$global:__wtsValue['sandbox|--fault-drop'] = '-'
$global:__wtsValue['sandbox|--latency'] = '-'
$global:__wtsValue['sandbox|--rate-limit'] = '-'
$global:__wtsValue['sandbox|--wire-names'] = '<'
$global:__wtsValue['sandbox|--wire-document'] = '-'
$global:__wtsValue['sandbox|--unknown-names'] = '-'
$global:__wtsValue['*|--profile'] = '-'
$global:__wtsValue['*|--origin'] = '-'
$global:__wtsValue['*|--json'] = '-'
$global:__wtsValue['*|-q'] = '-'
$global:__wtsValue['*|--jq'] = '-'
$global:__wtsGlobalFlags = @(@('--profile', 'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")'), @('--origin', 'the service origin (default: WTS_ORIGIN, else the profile''s)'), @('--json', 'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields'), @('-q', 'filter the JSON through a jq expression (jq''s own language; strings printed raw, as jq -r); implies --json'), @('--jq', 'filter the JSON through a jq expression (jq''s own language; strings printed raw, as jq -r); implies --json'), @('--no-color', 'no colors (also: NO_COLOR)'), @('--debug', 'trace HTTP requests and responses on stderr (tokens redacted)'), @('--verbose', 'print hints on stderr ("Showing 30 of 50 tasks; …") also when output is not a terminal'), @('--quiet', 'print no hints on stderr, even on a terminal (errors are still printed)'), @('--no-pager', 'print long output directly, not through the pager (also: WTS_PAGER=cat)'), @('--accessible', 'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)'), @('-h', 'show help for the command'), @('--help', 'show help for the command'))
$global:__wtsSpec[''] = @{ Subs = @(@('login', 'sign in to the service in a browser and keep the connection'), @('logout', 'revoke the connection at the service and forget its credentials here'), @('auth', 'the sign-in of a profile: its status, its access token, a refresh; the profiles, and which is the default'), @('workspace', 'workspaces, their people and their board columns'), @('task', 'tasks: find, read, change, and hand them to an agent'), @('agent', 'the agents that work on tasks, one per workspace'), @('run', 'an agent''s runs: what it did on a task and what it proposed'), @('approval', 'actions, tasks for people and questions waiting for someone''s decision'), @('inbox', 'what waits for a decision across tasks: actions to approve, tasks for people, questions; oldest first; --watch tells each new one as it comes'), @('dash', 'a full-screen dashboard on a terminal: inbox, my tasks, board and schedules, with a detail pane and actions on keys'), @('reminder', 'wake the agent on a task at a set time'), @('instructions', 'an agent''s handbook: the instructions it follows'), @('handbook', 'the company handbook: entries every agent follows'), @('knowledge', 'links and files your organization''s agents can consult'), @('schedule', 'prompts an agent runs on a repeating schedule'), @('config', 'read and change settings: the default workspace, editor, pager, browser, accessible mode'), @('api', 'send any request under /api/v1 with your sign-in, and print the JSON answer'), @('mcp', 'serve AI assistants on this computer (Claude, VS Code, Cursor) the service''s tools as the signed-in user, over stdio'), @('doctor', 'check that this machine can work with the service: origin, sign-in, and the service''s own description compared with what wts sends and expects'), @('sandbox', 'run a local Workspace Task Service (OAuth server, /api/v1 and /mcp) with demo data'), @('completion', 'print the shell completion script for bash, zsh, fish or PowerShell (subcommands, flags, fixed values, recently listed ids)'), @('help', 'show help for a command, or `wts help environment`')); Flags = @(@('-V', 'print the version, the build''s date and the Node version'), @('--version', 'print the version, the build''s date and the Node version')); Args = @() }
$global:__wtsSpec['login'] = @{ Subs = @(); Flags = @(@('--scopes', 'scopes to ask for, space- or comma-separated (default: all five API scopes and offline_access)'), @('--no-browser', 'print the sign-in address instead of opening a browser; the address the browser ends on may also be pasted here'), @('--port', 'listen for the browser on this port of 127.0.0.1 (default: a free one)'), @('--client-id', 'sign in as this client: a client ID metadata document URL, or the id of a client registered beforehand'), @('--client-key', 'the private key (PEM or JWK) of that client, for private_key_jwt'), @('--client-auth', 'how that client authenticates (default: from --client-key or WTS_CLIENT_SECRET)'), @('--store', 'where to keep the credentials (default: keychain; see also WTS_CREDENTIAL_STORE, WTS_CREDENTIALS_FILE)')); Args = @() }
$global:__wtsSpec['logout'] = @{ Subs = @(); Flags = @(); Args = @() }
$global:__wtsSpec['auth'] = @{ Subs = @(@('status', 'show whom and what this profile is signed in to, where the credentials are, and whether the connection works'), @('token', 'print a valid access token on standard output (refreshed first when about to expire), for scripts'), @('refresh', 'get a new access token now (the refresh token rotates)'), @('list', 'list the profiles: which is the default and which is in use, their service, who is signed in, where the credentials are'), @('switch', 'make PROFILE the one commands use when neither --profile nor WTS_PROFILE names one')); Flags = @(); Args = @() }
$global:__wtsSpec['auth status'] = @{ Subs = @(); Flags = @(); Args = @() }
$global:__wtsSpec['auth token'] = @{ Subs = @(); Flags = @(); Args = @() }
$global:__wtsSpec['auth refresh'] = @{ Subs = @(); Flags = @(); Args = @() }
$global:__wtsSpec['auth list'] = @{ Subs = @(); Flags = @(); Args = @() }
$global:__wtsSpec['auth switch'] = @{ Subs = @(); Flags = @(); Args = @(,'-') }
$global:__wtsSpec['workspace'] = @{ Subs = @(@('list', 'list the workspaces this connection can open'), @('members', 'list the people in a workspace'), @('statuses', 'list the columns of a workspace''s task board'), @('create', 'create a workspace, with its own agent'), @('rename', 'change a workspace''s name'), @('archive', 'hide a workspace and pause its agents and automations')); Flags = @(); Args = @() }
$global:__wtsSpec['workspace list'] = @{ Subs = @(); Flags = @(); Args = @() }
$global:__wtsSpec['workspace members'] = @{ Subs = @(); Flags = @(); Args = @(,'@workspace') }
$global:__wtsSpec['workspace statuses'] = @{ Subs = @(); Flags = @(); Args = @(,'@workspace') }
$global:__wtsSpec['workspace create'] = @{ Subs = @(); Flags = @(,@('--folder', 'put it in this folder')); Args = @(,'-') }
$global:__wtsSpec['workspace rename'] = @{ Subs = @(); Flags = @(); Args = @('@workspace', '-') }
$global:__wtsSpec['workspace archive'] = @{ Subs = @(); Flags = @(@('-y', 'do not ask for confirmation'), @('--yes', 'do not ask for confirmation')); Args = @(,'@workspace') }
$global:__wtsSpec['task'] = @{ Subs = @(@('list', 'list the tasks of a workspace: open work by default (every column but done), in board order; within a column, the service''s order or --sort'), @('board', 'show a workspace''s board: its columns side by side with their tasks, fitted to the terminal'), @('search', 'find tasks whose title or description holds all the words'), @('view', 'show a task: status, people, tags, due date, description, notes and waiting approvals (on a terminal, then the latest chat messages)'), @('events', 'show the activity log of a task'), @('chat', 'show the chat between people and the agent on a task'), @('conversation', 'show the email or chat thread a task came from'), @('edit', 'change the title, status or due date of tasks; with no flags on a terminal, one task in your editor'), @('complete', 'mark tasks done'), @('assign', 'add and remove the people assigned to tasks (adding never removes anyone); --set replaces them all'), @('tag', 'add and remove the tags of tasks (adding never removes one); --set replaces them all'), @('note', 'add a note for the team and the agent: TEXT, --file F, - for standard input, or your editor on a terminal'), @('delete', 'delete tasks that are done, with their chat, activity, reminders and approvals'), @('create', 'create a task and have an agent start on it'), @('message', 'send the agent a follow-up in the task chat'), @('runs', 'list the times an agent worked on a task')); Flags = @(); Args = @() }
$global:__wtsSpec['task list'] = @{ Subs = @(); Flags = @(@('-w', 'the workspace (default: WTS_WORKSPACE, else `wts config get workspace`)'), @('--workspace', 'the workspace (default: WTS_WORKSPACE, else `wts config get workspace`)'), @('-A', 'the tasks of every workspace this connection lists, workspace by workspace, with a WORKSPACE column (not with WS)'), @('--all-workspaces', 'the tasks of every workspace this connection lists, workspace by workspace, with a WORKSPACE column (not with WS)'), @('--status', 'only these columns: key or name, repeatable or comma-separated; "all" for every column (default: all but done)'), @('--assignee', 'only tasks assigned to this person: id, name, email or @me; repeatable or comma-separated: tasks with every one; the first is filtered by the service, the others here, so a rare one first is cheaper'), @('--tag', 'only tasks with this tag; repeatable or comma-separated: tasks with every one; the first is filtered by the service, the others here, so a rare one first is cheaper'), @('--unassigned', 'only tasks nobody is assigned to (not with --assignee)'), @('--sort', 'order each column by due (soonest first, undated last), title (A to Z), created (oldest first), updated (latest change first), reading every task of the columns first (default: the service''s order, reading only the pages shown)'), @('-L', 'at most N items in all (default 30); --all for every item'), @('--limit', 'at most N items in all (default 30); --all for every item'), @('--all', 'every item (as many pages as it takes)')); Args = @(,'@workspace') }
$global:__wtsSpec['task board'] = @{ Subs = @(); Flags = @(@('-w', 'the workspace (default: WTS_WORKSPACE, else `wts config get workspace`)'), @('--workspace', 'the workspace (default: WTS_WORKSPACE, else `wts config get workspace`)'), @('--rows', 'tasks shown under each column (on a terminal before "+N more"; default 10 there, all when piped)')); Args = @(,'@workspace') }
$global:__wtsSpec['task search'] = @{ Subs = @(); Flags = @(@('-w', 'the workspace (default: WTS_WORKSPACE, else `wts config get workspace`)'), @('--workspace', 'the workspace (default: WTS_WORKSPACE, else `wts config get workspace`)'), @('-L', 'at most N items in all (default 30); --all for every item'), @('--limit', 'at most N items in all (default 30); --all for every item'), @('--all', 'every item (as many pages as it takes)')); Args = @('@workspace', '*-') }
$global:__wtsSpec['task view'] = @{ Subs = @(); Flags = @(); Args = @(,'@task') }
$global:__wtsSpec['task events'] = @{ Subs = @(); Flags = @(@('-L', 'at most N items in all (default 30); --all for every item'), @('--limit', 'at most N items in all (default 30); --all for every item'), @('--all', 'every item (as many pages as it takes)'), @('-f', 'after the activity so far, print each new entry as it arrives, until Ctrl-C'), @('--follow', 'after the activity so far, print each new entry as it arrives, until Ctrl-C')); Args = @(,'@task') }
$global:__wtsSpec['task chat'] = @{ Subs = @(); Flags = @(@('-L', 'at most N items in all (default 30); --all for every item'), @('--limit', 'at most N items in all (default 30); --all for every item'), @('--all', 'every item (as many pages as it takes)'), @('-f', 'after the messages so far, print each new entry as it arrives, until Ctrl-C'), @('--follow', 'after the messages so far, print each new entry as it arrives, until Ctrl-C')); Args = @(,'@task') }
$global:__wtsSpec['task conversation'] = @{ Subs = @(); Flags = @(@('-L', 'at most N items in all (default 30); --all for every item'), @('--limit', 'at most N items in all (default 30); --all for every item'), @('--all', 'every item (as many pages as it takes)')); Args = @(,'@task') }
$global:__wtsSpec['task edit'] = @{ Subs = @(); Flags = @(@('--title', 'the new title'), @('--status', 'move it to this column: its key or name, any case (from `wts workspace statuses WS`)'), @('--due', 'due date: ISO 8601, "tomorrow 9:00", "in 2d", "fri 17:00", or "none" to clear it'), @('--skip-missing', 'an id that is not found (gone since it was listed) is named on stderr and skipped; the others go on (exit 0 when they succeed)')); Args = @(,'*@task') }
$global:__wtsSpec['task complete'] = @{ Subs = @(); Flags = @(,@('--skip-missing', 'an id that is not found (gone since it was listed) is named on stderr and skipped; the others go on (exit 0 when they succeed)')); Args = @(,'*@task') }
$global:__wtsSpec['task assign'] = @{ Subs = @(); Flags = @(@('--add', 'add people (id, name, email or @me); repeatable or comma-separated'), @('--remove', 'remove people; repeatable or comma-separated'), @('--set', 'replace all the people with these; repeatable or comma-separated'), @('--clear', 'remove all the people'), @('--skip-missing', 'an id that is not found (gone since it was listed) is named on stderr and skipped; the others go on (exit 0 when they succeed)')); Args = @('@task', '*-') }
$global:__wtsSpec['task tag'] = @{ Subs = @(); Flags = @(@('--add', 'add tags (a tag); repeatable or comma-separated'), @('--remove', 'remove tags; repeatable or comma-separated'), @('--set', 'replace all the tags with these; repeatable or comma-separated'), @('--clear', 'remove all the tags'), @('--skip-missing', 'an id that is not found (gone since it was listed) is named on stderr and skipped; the others go on (exit 0 when they succeed)')); Args = @('@task', '*-') }
$global:__wtsSpec['task note'] = @{ Subs = @(); Flags = @(,@('--file', 'read the note from a file (- for standard input)')); Args = @('@task', '-') }
$global:__wtsSpec['task delete'] = @{ Subs = @(); Flags = @(@('-y', 'do not ask for confirmation'), @('--yes', 'do not ask for confirmation'), @('--skip-missing', 'an id that is not found (gone since it was listed) is named on stderr and skipped; the others go on (exit 0 when they succeed)')); Args = @(,'*@task') }
$global:__wtsSpec['task create'] = @{ Subs = @(); Flags = @(@('--agent', 'the agent that works on it (from `wts agent list`); the task goes to its workspace'), @('--description', 'what the agent should know and do'), @('--due', 'due date: ISO 8601, "tomorrow 9:00", "in 2d", "fri 17:00"'), @('--wait', 'wait until the agent''s run on it finishes, then print the outcome: exit 0 if the run succeeded, 8 if it failed'), @('--timeout', 'with --wait: give up waiting after this long and exit 1: 30s, 5m, 1h, 1h30m (default 10m)')); Args = @(,'-') }
$global:__wtsSpec['task message'] = @{ Subs = @(); Flags = @(@('--wait', 'wait until the agent replies (or the run it starts finishes), then print the outcome: exit 0 if the run succeeded, 8 if it failed'), @('--timeout', 'with --wait: give up waiting after this long and exit 1: 30s, 5m, 1h, 1h30m (default 10m)')); Args = @('@task', '-') }
$global:__wtsSpec['task runs'] = @{ Subs = @(); Flags = @(@('-L', 'at most N items in all (default 30); --all for every item'), @('--limit', 'at most N items in all (default 30); --all for every item'), @('--all', 'every item (as many pages as it takes)')); Args = @(,'@task') }
$global:__wtsSpec['agent'] = @{ Subs = @(,@('list', 'list the agents of the workspaces this connection can open')); Flags = @(); Args = @() }
$global:__wtsSpec['agent list'] = @{ Subs = @(); Flags = @(); Args = @() }
$global:__wtsSpec['run'] = @{ Subs = @(@('view', 'show a run: state, task, agent, times, its whole output and the actions it proposed'), @('watch', 'wait for a run to finish, then show its output and what it proposed: exit 0 if it succeeded, 8 if it failed')); Flags = @(); Args = @() }
$global:__wtsSpec['run view'] = @{ Subs = @(); Flags = @(); Args = @(,'@run') }
$global:__wtsSpec['run watch'] = @{ Subs = @(); Flags = @(,@('--timeout', 'give up waiting after this long and exit 1: 30s, 5m, 1h, 1h30m (default 10m)')); Args = @(,'@run') }
$global:__wtsSpec['approval'] = @{ Subs = @(@('review', 'decide what waits, one item after another, on a terminal: approve, reject, edit, answer, mark done or skip'), @('list', 'list the pending actions of a task'), @('view', 'show a pending action with its whole draft (on a terminal, then the commands that decide it)'), @('approve', 'approve proposed actions, so the agent carries them out'), @('reject', 'reject pending actions, optionally saying why'), @('done', 'mark tasks for a person as done'), @('answer', 'answer an agent''s question (TEXT, or - to read it from standard input)'), @('edit', 'change fields of a pending action''s draft before deciding (on a terminal with no flags: in $VISUAL/$EDITOR, one plain-text section per field)')); Flags = @(); Args = @() }
$global:__wtsSpec['approval review'] = @{ Subs = @(); Flags = @(,@('--workspace', 'only this workspace (default: every workspace this connection can open)')); Args = @() }
$global:__wtsSpec['approval list'] = @{ Subs = @(); Flags = @(); Args = @(,'@task') }
$global:__wtsSpec['approval view'] = @{ Subs = @(); Flags = @(); Args = @(,'@approval') }
$global:__wtsSpec['approval approve'] = @{ Subs = @(); Flags = @(,@('--skip-missing', 'an id that is not found (gone since it was listed) is named on stderr and skipped; the others go on (exit 0 when they succeed)')); Args = @(,'*@approval') }
$global:__wtsSpec['approval reject'] = @{ Subs = @(); Flags = @(@('--reason', 'why, for the agent and the task history'), @('--skip-missing', 'an id that is not found (gone since it was listed) is named on stderr and skipped; the others go on (exit 0 when they succeed)')); Args = @(,'*@approval') }
$global:__wtsSpec['approval done'] = @{ Subs = @(); Flags = @(@('--note', 'what was done, for the agent and the task history'), @('--skip-missing', 'an id that is not found (gone since it was listed) is named on stderr and skipped; the others go on (exit 0 when they succeed)')); Args = @(,'*@approval') }
$global:__wtsSpec['approval answer'] = @{ Subs = @(); Flags = @(); Args = @('@approval', '-') }
$global:__wtsSpec['approval edit'] = @{ Subs = @(); Flags = @(@('--set', 'set one draft field (repeatable); a value that reads as a JSON number or true/false is sent as such, anything else as text'), @('--draft-file', 'a JSON object of the draft fields to change (- for standard input); for lists and objects')); Args = @(,'@approval') }
$global:__wtsSpec['inbox'] = @{ Subs = @(); Flags = @(@('--workspace', 'only this workspace (default: every workspace this connection can open)'), @('--watch', 'keep watching until Ctrl-C: what waits now, then each item as it appears and each one decided elsewhere (JSON lines with --json)'), @('--interval', 'with --watch: time between checks, growing to twice that while nothing changes (default 30s, from 5s to 1h); idle, a check costs 1 request plus 1 per 50 tasks of each workspace, at most 10 checks in 5 minutes at the default, and every 10m a sweep of 1 request per task (docs/watch.md)'), @('--exec', 'with --watch: run this shell command for each new item, one at a time; the item is in WTS_ITEM_ID, WTS_ITEM_KIND, WTS_TITLE, WTS_TASK_ID, WTS_TASK_TITLE, WTS_WORKSPACE (cmd.exe: write !WTS_TITLE!, never %WTS_TITLE%; docs/watch.md)'), @('--notify', 'with --watch: a desktop notification (notify-send, osascript) and a terminal bell for each new item')); Args = @() }
$global:__wtsSpec['dash'] = @{ Subs = @(); Flags = @(@('--workspace', 'only this workspace (default: every workspace; the board shows the default workspace, else the first)'), @('--notify', 'when a refresh brings new items into the inbox: a bell, a desktop notification, and a + on each until selected')); Args = @() }
$global:__wtsSpec['reminder'] = @{ Subs = @(@('list', 'list the reminders on a task, soonest first'), @('create', 'set a reminder on a task'), @('edit', 'change a reminder''s time or message'), @('cancel', 'cancel reminders')); Flags = @(); Args = @() }
$global:__wtsSpec['reminder list'] = @{ Subs = @(); Flags = @(); Args = @(,'@task') }
$global:__wtsSpec['reminder create'] = @{ Subs = @(); Flags = @(@('--at', 'when: ISO 8601 (2026-11-23T09:00) or e.g. "tomorrow 9:00", "in 2h", "fri 17:00" (local time) (required)'), @('--message', 'what the agent is reminded of (required)')); Args = @(,'@task') }
$global:__wtsSpec['reminder edit'] = @{ Subs = @(); Flags = @(@('--at', 'when: ISO 8601 (2026-11-23T09:00) or e.g. "tomorrow 9:00", "in 2h", "fri 17:00" (local time)'), @('--message', 'the new message')); Args = @(,'@reminder') }
$global:__wtsSpec['reminder cancel'] = @{ Subs = @(); Flags = @(@('-y', 'do not ask for confirmation'), @('--yes', 'do not ask for confirmation'), @('--skip-missing', 'an id that is not found (gone since it was listed) is named on stderr and skipped; the others go on (exit 0 when they succeed)')); Args = @(,'*@reminder') }
$global:__wtsSpec['instructions'] = @{ Subs = @(@('list', 'list the entries of an agent''s instructions, in order'), @('view', 'print the whole text of an entry (piped: the body alone; --json for the exact text)'), @('edit', 'change an entry''s title or text (on a terminal with neither flag: the text in $VISUAL/$EDITOR)'), @('reorder', 'put an agent''s entries in a new order (name every entry, in the order wanted)')); Flags = @(); Args = @() }
$global:__wtsSpec['instructions list'] = @{ Subs = @(); Flags = @(); Args = @(,'@agent') }
$global:__wtsSpec['instructions view'] = @{ Subs = @(); Flags = @(); Args = @(,'@instructions') }
$global:__wtsSpec['instructions edit'] = @{ Subs = @(); Flags = @(@('--title', 'the new title'), @('--body-file', 'the new text from this file (- for standard input)')); Args = @(,'@instructions') }
$global:__wtsSpec['instructions reorder'] = @{ Subs = @(); Flags = @(); Args = @('@agent', '*@instructions') }
$global:__wtsSpec['handbook'] = @{ Subs = @(@('list', 'list the entries of the company handbook, in order'), @('view', 'print the whole text of an entry (piped: the body alone; --json for the exact text)'), @('edit', 'change an entry''s title or text (on a terminal with neither flag: the text in $VISUAL/$EDITOR)'), @('reorder', 'put the company handbook in a new order (name every entry, in the order wanted)')); Flags = @(); Args = @() }
$global:__wtsSpec['handbook list'] = @{ Subs = @(); Flags = @(); Args = @() }
$global:__wtsSpec['handbook view'] = @{ Subs = @(); Flags = @(); Args = @(,'@handbook') }
$global:__wtsSpec['handbook edit'] = @{ Subs = @(); Flags = @(@('--title', 'the new title'), @('--body-file', 'the new text from this file (- for standard input)')); Args = @(,'@handbook') }
$global:__wtsSpec['handbook reorder'] = @{ Subs = @(); Flags = @(); Args = @(,'*@handbook') }
$global:__wtsSpec['knowledge'] = @{ Subs = @(@('list', 'list the knowledge sources'), @('view', 'show one knowledge source'), @('add', 'add a web page as a knowledge source'), @('edit', 'change a knowledge source''s name, note or address'), @('remove', 'remove knowledge sources; agents stop consulting them')); Flags = @(); Args = @() }
$global:__wtsSpec['knowledge list'] = @{ Subs = @(); Flags = @(); Args = @() }
$global:__wtsSpec['knowledge view'] = @{ Subs = @(); Flags = @(); Args = @(,'@knowledge') }
$global:__wtsSpec['knowledge add'] = @{ Subs = @(); Flags = @(@('--name', 'how agents and people see it (required)'), @('--note', 'when to use it')); Args = @(,'-') }
$global:__wtsSpec['knowledge edit'] = @{ Subs = @(); Flags = @(@('--name', 'the new name'), @('--note', 'the new note ("" to clear it)'), @('--url', 'the new address (links only)')); Args = @(,'@knowledge') }
$global:__wtsSpec['knowledge remove'] = @{ Subs = @(); Flags = @(@('-y', 'do not ask for confirmation'), @('--yes', 'do not ask for confirmation'), @('--skip-missing', 'an id that is not found (gone since it was listed) is named on stderr and skipped; the others go on (exit 0 when they succeed)')); Args = @(,'*@knowledge') }
$global:__wtsSpec['schedule'] = @{ Subs = @(@('list', 'list the scheduled tasks: when they run, timezone, state, next and last run'), @('view', 'show a scheduled task: its prompt, schedule, next and last run'), @('runs', 'list the past runs of a scheduled task, newest first'), @('create', 'run a prompt on a repeating schedule'), @('edit', 'change a scheduled task''s title, prompt, schedule, workspace or agent'), @('pause', 'stop scheduled tasks until they are resumed'), @('resume', 'start paused scheduled tasks again'), @('delete', 'delete scheduled tasks; their earlier runs stay'), @('run', 'run scheduled tasks once now, outside their schedule'), @('explain', 'say when a cron runs, without signing in: its shape, a sentence, the next runs in a timezone and locally'), @('check', 'check scheduled tasks in CI: supported cron, state, not late, last run succeeded; exit 8 when a check fails'), @('export', 'write a schedules file from the service''s scheduled tasks (what diff -f and apply -f read), to start keeping them as code'), @('diff', 'show how the service''s scheduled tasks differ from a schedules file; exit 8 on any drift'), @('apply', 'make the scheduled tasks match a schedules file: create, update, pause, resume (and with --prune delete)')); Flags = @(); Args = @() }
$global:__wtsSpec['schedule list'] = @{ Subs = @(); Flags = @(); Args = @() }
$global:__wtsSpec['schedule view'] = @{ Subs = @(); Flags = @(); Args = @(,'@schedule') }
$global:__wtsSpec['schedule runs'] = @{ Subs = @(); Flags = @(@('-L', 'at most N items in all (default 30); --all for every item'), @('--limit', 'at most N items in all (default 30); --all for every item'), @('--all', 'every item (as many pages as it takes)')); Args = @(,'@schedule') }
$global:__wtsSpec['schedule create'] = @{ Subs = @(); Flags = @(@('--title', 'what the schedule is for (required)'), @('--prompt', 'what the agent is asked each time (this or --prompt-file is required)'), @('--prompt-file', 'the prompt from this file (- for standard input)'), @('--cron', 'when, in the organization''s timezone: hourly "M * * * *", daily "M H * * *", weekdays "M H * * 1-5", weekly "M H * * D", monthly "M H DOM * *" (required)'), @('--workspace', 'the workspace the runs'' tasks go to (required)'), @('--agent', 'the agent that runs it: the workspace''s own (required)')); Args = @() }
$global:__wtsSpec['schedule edit'] = @{ Subs = @(); Flags = @(@('--title', 'what the schedule is for'), @('--prompt', 'what the agent is asked each time'), @('--prompt-file', 'the prompt from this file (- for standard input)'), @('--cron', 'when, in the organization''s timezone: hourly "M * * * *", daily "M H * * *", weekdays "M H * * 1-5", weekly "M H * * D", monthly "M H DOM * *"'), @('--workspace', 'the workspace the runs'' tasks go to'), @('--agent', 'the agent that runs it: the workspace''s own')); Args = @(,'@schedule') }
$global:__wtsSpec['schedule pause'] = @{ Subs = @(); Flags = @(,@('--skip-missing', 'an id that is not found (gone since it was listed) is named on stderr and skipped; the others go on (exit 0 when they succeed)')); Args = @(,'*@schedule') }
$global:__wtsSpec['schedule resume'] = @{ Subs = @(); Flags = @(,@('--skip-missing', 'an id that is not found (gone since it was listed) is named on stderr and skipped; the others go on (exit 0 when they succeed)')); Args = @(,'*@schedule') }
$global:__wtsSpec['schedule delete'] = @{ Subs = @(); Flags = @(@('-y', 'do not ask for confirmation'), @('--yes', 'do not ask for confirmation'), @('--skip-missing', 'an id that is not found (gone since it was listed) is named on stderr and skipped; the others go on (exit 0 when they succeed)')); Args = @(,'*@schedule') }
$global:__wtsSpec['schedule run'] = @{ Subs = @(); Flags = @(@('--wait', 'wait until the run finishes (one ID only), then print the outcome: exit 0 if the run succeeded, 8 if it failed'), @('--timeout', 'with --wait: give up waiting after this long and exit 1: 30s, 5m, 1h, 1h30m (default 10m)'), @('--skip-missing', 'an id that is not found (gone since it was listed) is named on stderr and skipped; the others go on (exit 0 when they succeed)')); Args = @(,'*@schedule') }
$global:__wtsSpec['schedule explain'] = @{ Subs = @(); Flags = @(@('--tz', 'read the cron in this IANA timezone, e.g. Europe/Berlin (default: the local one; the service uses the organization''s, shown by `wts schedule list`)'), @('--count', 'how many next runs to show, 1 to 100')); Args = @(,'-') }
$global:__wtsSpec['schedule check'] = @{ Subs = @(); Flags = @(@('--workspace', 'only the scheduled tasks of this workspace'), @('--require', 'fail unless the scheduled task is in this state: active or paused'), @('--max-late', 'fail when an occurrence older than this (e.g. 15m, 2h, 1d) has had no run started since; after a cron change, counted from the first run under the new cron (see below)'), @('--last-run', 'fail unless the latest finished run has this outcome: succeeded (one that never ran passes)')); Args = @(,'*@schedule') }
$global:__wtsSpec['schedule export'] = @{ Subs = @(); Flags = @(@('-w', 'only the scheduled tasks of this workspace; repeatable or comma-separated (default: every workspace)'), @('--workspace', 'only the scheduled tasks of this workspace; repeatable or comma-separated (default: every workspace)'), @('-o', 'yaml or json (default: yaml; json with --json)'), @('--output', 'yaml or json (default: yaml; json with --json)')); Args = @() }
$global:__wtsSpec['schedule diff'] = @{ Subs = @(); Flags = @(@('-f', 'the schedules file, JSON or YAML: {"schedules": [{key?, title, prompt, cron, workspace, agent, state?}]} (- for standard input)'), @('--file', 'the schedules file, JSON or YAML: {"schedules": [{key?, title, prompt, cron, workspace, agent, state?}]} (- for standard input)')); Args = @() }
$global:__wtsSpec['schedule apply'] = @{ Subs = @(); Flags = @(@('-f', 'the schedules file, JSON or YAML: {"schedules": [{key?, title, prompt, cron, workspace, agent, state?}]} (- for standard input)'), @('--file', 'the schedules file, JSON or YAML: {"schedules": [{key?, title, prompt, cron, workspace, agent, state?}]} (- for standard input)'), @('--prune', 'also delete the scheduled tasks the file does not list, in the workspaces it names (never in others)'), @('-y', 'do not ask for confirmation (needed without a terminal)'), @('--yes', 'do not ask for confirmation (needed without a terminal)')); Args = @() }
$global:__wtsSpec['config'] = @{ Subs = @(@('get', 'print a setting''s value (its default when it is not set)'), @('set', 'change a setting of the profile in use'), @('unset', 'remove a setting of the profile in use (its default applies again)'), @('list', 'print every setting of the profile in use as key=value (defaults included)')); Flags = @(); Args = @() }
$global:__wtsSpec['config get'] = @{ Subs = @(); Flags = @(); Args = @(,'=workspace editor pager browser dash.refresh accessible wire-names openapi-url') }
$global:__wtsSpec['config set'] = @{ Subs = @(); Flags = @(,@('--force', 'set workspace without asking the service whether this connection can open it (offline, before signing in)')); Args = @('=workspace editor pager browser dash.refresh accessible wire-names openapi-url', '-') }
$global:__wtsSpec['config unset'] = @{ Subs = @(); Flags = @(); Args = @(,'=workspace editor pager browser dash.refresh accessible wire-names openapi-url') }
$global:__wtsSpec['config list'] = @{ Subs = @(); Flags = @(); Args = @() }
$global:__wtsSpec['api'] = @{ Subs = @(); Flags = @(@('-f', 'a query parameter (GET, DELETE, or with --input) or a body field (POST, PATCH), sent as the text typed; repeatable'), @('--raw-field', 'a query parameter (GET, DELETE, or with --input) or a body field (POST, PATCH), sent as the text typed; repeatable'), @('-F', 'as -f, typed: true, false, null and numbers as such, @FILE the text of a file (@- standard input); repeatable'), @('--field', 'as -f, typed: true, false, null and numbers as such, @FILE the text of a file (@- standard input); repeatable'), @('-X', 'the method: GET, POST, PATCH, DELETE (default: GET, or POST with fields or --input)'), @('--method', 'the method: GET, POST, PATCH, DELETE (default: GET, or POST with fields or --input)'), @('-H', 'an extra request header, "Name: value"; repeatable (not Authorization: that is your sign-in)'), @('--header', 'an extra request header, "Name: value"; repeatable (not Authorization: that is your sign-in)'), @('-i', 'print the status line and the answer headers before the body'), @('--include', 'print the status line and the answer headers before the body'), @('--input', 'the JSON body from this file (- for standard input)'), @('--paginate', 'follow nextCursor and print the items of every page as one JSON array')); Args = @('-', '-') }
$global:__wtsSpec['mcp'] = @{ Subs = @(); Flags = @(@('--allow-writes', 'also offer the tools that change something (default: read-only)'), @('--tools', 'offer exactly these tools (comma-separated; a write tool named here is offered)')); Args = @() }
$global:__wtsSpec['doctor'] = @{ Subs = @(); Flags = @(@('--refresh', 'fetch the service''s OpenAPI document again (else a cached one younger than 24 hours is used)'), @('--print-names', 'print the names file that settles what was found (wts config set wire-names FILE uses it)')); Args = @() }
$global:__wtsSpec['sandbox'] = @{ Subs = @(); Flags = @(@('--port', 'port to listen on (default: a free one)'), @('--public-origin', 'the origin the sandbox is reached at behind a TLS front or proxy: its issuer, resources and URLs'), @('--auto-approve', 'approve every sign-in as this demo user (ada or ben), with no pages to click'), @('--data', 'keep state in this file across restarts (written atomically)'), @('--seed-tasks', 'add a workspace "Bulk" holding this many more tasks'), @('--fault-429', 'answer this share of API and MCP requests with 429 and Retry-After'), @('--fault-5xx', 'answer this share of API and MCP requests with 503'), @('--fault-drop', 'drop this share of API and MCP connections without an answer (half before acting, half after)'), @('--latency', 'delay every API and MCP answer by this many milliseconds'), @('--rate-limit', 'allow this many API and MCP requests per connection per minute (0: no limit)'), @('--wire-names', 'play a service that names things otherwise: a names file (docs/wire-names.md)'), @('--wire-document', 'with --wire-names, what /api/v1/openapi.json names: service (the renamed wire) or wts (a description that does not tell)'), @('--unknown-names', 'an unknown query parameter or body field: refuse (a 400 naming it, the default) or ignore')); Args = @() }
$global:__wtsSpec['completion'] = @{ Subs = @(); Flags = @(); Args = @(,'=bash zsh fish powershell') }
$global:__wtsSpec['help'] = @{ Subs = @(,@('environment', 'list the environment variables wts reads')); Flags = @(); Args = @(,'*=login logout auth workspace task agent run approval inbox dash reminder instructions handbook knowledge schedule config api mcp doctor sandbox completion help') }
$global:__wtsSpec['help environment'] = @{ Subs = @(); Flags = @(); Args = @() }

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
                else { $dir = Join-Path $env:APPDATA 'wts\Config' }
            }
            $file = Join-Path $dir 'completion-ids.tsv'
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
