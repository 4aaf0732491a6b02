# fish completion for wts: generated from the command tree by `npm run completions` (the same as `wts completion SHELL`); do not edit.
# Install it:  cp completions/wts.fish ~/.config/fish/completions/wts.fish
# Ids complete from what recent list commands printed: completion-ids.tsv in the wts config directory.

complete -c wts -e

# The subcommand a word names under a command path, aliases included: sets __wts_w, or fails.
function __wts_sub --argument-names cmd word
    switch "$cmd|$word"
        case '|login'
            set -g __wts_w login
        case '|logout'
            set -g __wts_w logout
        case '|auth'
            set -g __wts_w auth
        case '|workspace' '|workspaces'
            set -g __wts_w workspace
        case '|task' '|tasks'
            set -g __wts_w task
        case '|agent' '|agents'
            set -g __wts_w agent
        case '|run' '|runs'
            set -g __wts_w run
        case '|approval' '|approvals'
            set -g __wts_w approval
        case '|inbox'
            set -g __wts_w inbox
        case '|dash'
            set -g __wts_w dash
        case '|reminder' '|reminders'
            set -g __wts_w reminder
        case '|instructions' '|instruction'
            set -g __wts_w instructions
        case '|handbook' '|handbooks'
            set -g __wts_w handbook
        case '|knowledge'
            set -g __wts_w knowledge
        case '|schedule' '|schedules'
            set -g __wts_w schedule
        case '|config'
            set -g __wts_w config
        case '|api'
            set -g __wts_w api
        case '|mcp'
            set -g __wts_w mcp
        case '|sandbox'
            set -g __wts_w sandbox
        case '|completion'
            set -g __wts_w completion
        case '|help'
            set -g __wts_w help
        case 'auth|status'
            set -g __wts_w status
        case 'auth|token'
            set -g __wts_w token
        case 'auth|refresh'
            set -g __wts_w refresh
        case 'auth|list'
            set -g __wts_w list
        case 'auth|switch'
            set -g __wts_w switch
        case 'workspace|list'
            set -g __wts_w list
        case 'workspace|members'
            set -g __wts_w members
        case 'workspace|statuses'
            set -g __wts_w statuses
        case 'workspace|create'
            set -g __wts_w create
        case 'workspace|rename'
            set -g __wts_w rename
        case 'workspace|archive'
            set -g __wts_w archive
        case 'task|list'
            set -g __wts_w list
        case 'task|board'
            set -g __wts_w board
        case 'task|search'
            set -g __wts_w search
        case 'task|view'
            set -g __wts_w view
        case 'task|events'
            set -g __wts_w events
        case 'task|chat'
            set -g __wts_w chat
        case 'task|conversation'
            set -g __wts_w conversation
        case 'task|edit'
            set -g __wts_w edit
        case 'task|complete'
            set -g __wts_w complete
        case 'task|assign'
            set -g __wts_w assign
        case 'task|tag'
            set -g __wts_w tag
        case 'task|note'
            set -g __wts_w note
        case 'task|delete'
            set -g __wts_w delete
        case 'task|create'
            set -g __wts_w create
        case 'task|message'
            set -g __wts_w message
        case 'task|runs'
            set -g __wts_w runs
        case 'agent|list'
            set -g __wts_w list
        case 'run|view'
            set -g __wts_w view
        case 'run|watch'
            set -g __wts_w watch
        case 'approval|review'
            set -g __wts_w review
        case 'approval|list'
            set -g __wts_w list
        case 'approval|view'
            set -g __wts_w view
        case 'approval|approve'
            set -g __wts_w approve
        case 'approval|reject'
            set -g __wts_w reject
        case 'approval|done'
            set -g __wts_w done
        case 'approval|answer'
            set -g __wts_w answer
        case 'approval|edit'
            set -g __wts_w edit
        case 'reminder|list'
            set -g __wts_w list
        case 'reminder|create'
            set -g __wts_w create
        case 'reminder|edit'
            set -g __wts_w edit
        case 'reminder|cancel'
            set -g __wts_w cancel
        case 'instructions|list'
            set -g __wts_w list
        case 'instructions|view'
            set -g __wts_w view
        case 'instructions|edit'
            set -g __wts_w edit
        case 'instructions|reorder'
            set -g __wts_w reorder
        case 'handbook|list'
            set -g __wts_w list
        case 'handbook|view'
            set -g __wts_w view
        case 'handbook|edit'
            set -g __wts_w edit
        case 'handbook|reorder'
            set -g __wts_w reorder
        case 'knowledge|list'
            set -g __wts_w list
        case 'knowledge|view'
            set -g __wts_w view
        case 'knowledge|add'
            set -g __wts_w add
        case 'knowledge|edit'
            set -g __wts_w edit
        case 'knowledge|remove'
            set -g __wts_w remove
        case 'schedule|list'
            set -g __wts_w list
        case 'schedule|view'
            set -g __wts_w view
        case 'schedule|runs'
            set -g __wts_w runs
        case 'schedule|create'
            set -g __wts_w create
        case 'schedule|edit'
            set -g __wts_w edit
        case 'schedule|pause'
            set -g __wts_w pause
        case 'schedule|resume'
            set -g __wts_w resume
        case 'schedule|delete'
            set -g __wts_w delete
        case 'schedule|run'
            set -g __wts_w run
        case 'schedule|explain'
            set -g __wts_w explain
        case 'schedule|check'
            set -g __wts_w check
        case 'schedule|export'
            set -g __wts_w export
        case 'schedule|diff'
            set -g __wts_w diff
        case 'schedule|apply'
            set -g __wts_w apply
        case 'config|get'
            set -g __wts_w get
        case 'config|set'
            set -g __wts_w set
        case 'config|unset'
            set -g __wts_w unset
        case 'config|list'
            set -g __wts_w list
        case 'help|environment'
            set -g __wts_w environment
        case '*'
            return 1
    end
end

# What a flag's value completes from under a command path: sets __wts_v, or fails for a flag without a value.
function __wts_value --argument-names cmd flag
    switch "$cmd|$flag"
        case 'login|--scopes'
            set -g __wts_v '-'
        case 'login|--port'
            set -g __wts_v '-'
        case 'login|--client-id'
            set -g __wts_v '-'
        case 'login|--client-key'
            set -g __wts_v '<'
        case 'login|--client-auth'
            set -g __wts_v '=none client_secret_basic client_secret_post private_key_jwt'
        case 'login|--store'
            set -g __wts_v '=keychain file'
        case 'workspace create|--folder'
            set -g __wts_v '-'
        case 'task list|-w' 'task list|--workspace'
            set -g __wts_v '@workspace'
        case 'task list|--status'
            set -g __wts_v '@status'
        case 'task list|--assignee'
            set -g __wts_v '@user'
        case 'task list|--tag'
            set -g __wts_v '-'
        case 'task list|--sort'
            set -g __wts_v '=due title created updated'
        case 'task list|-L' 'task list|--limit'
            set -g __wts_v '-'
        case 'task board|-w' 'task board|--workspace'
            set -g __wts_v '@workspace'
        case 'task board|--rows'
            set -g __wts_v '-'
        case 'task search|-w' 'task search|--workspace'
            set -g __wts_v '@workspace'
        case 'task search|-L' 'task search|--limit'
            set -g __wts_v '-'
        case 'task events|-L' 'task events|--limit'
            set -g __wts_v '-'
        case 'task chat|-L' 'task chat|--limit'
            set -g __wts_v '-'
        case 'task conversation|-L' 'task conversation|--limit'
            set -g __wts_v '-'
        case 'task edit|--title'
            set -g __wts_v '-'
        case 'task edit|--status'
            set -g __wts_v '@status'
        case 'task edit|--due'
            set -g __wts_v '-'
        case 'task assign|--add'
            set -g __wts_v '-'
        case 'task assign|--remove'
            set -g __wts_v '-'
        case 'task assign|--set'
            set -g __wts_v '-'
        case 'task tag|--add'
            set -g __wts_v '-'
        case 'task tag|--remove'
            set -g __wts_v '-'
        case 'task tag|--set'
            set -g __wts_v '-'
        case 'task note|--file'
            set -g __wts_v '<'
        case 'task create|--agent'
            set -g __wts_v '@agent'
        case 'task create|--description'
            set -g __wts_v '-'
        case 'task create|--due'
            set -g __wts_v '-'
        case 'task create|--timeout'
            set -g __wts_v '-'
        case 'task message|--timeout'
            set -g __wts_v '-'
        case 'task runs|-L' 'task runs|--limit'
            set -g __wts_v '-'
        case 'run watch|--timeout'
            set -g __wts_v '-'
        case 'approval review|--workspace'
            set -g __wts_v '@workspace'
        case 'approval reject|--reason'
            set -g __wts_v '-'
        case 'approval done|--note'
            set -g __wts_v '-'
        case 'approval edit|--set'
            set -g __wts_v '-'
        case 'approval edit|--draft-file'
            set -g __wts_v '<'
        case 'inbox|--workspace'
            set -g __wts_v '@workspace'
        case 'inbox|--interval'
            set -g __wts_v '-'
        case 'inbox|--exec'
            set -g __wts_v '-'
        case 'dash|--workspace'
            set -g __wts_v '@workspace'
        case 'reminder create|--at'
            set -g __wts_v '-'
        case 'reminder create|--message'
            set -g __wts_v '-'
        case 'reminder edit|--at'
            set -g __wts_v '-'
        case 'reminder edit|--message'
            set -g __wts_v '-'
        case 'instructions edit|--title'
            set -g __wts_v '-'
        case 'instructions edit|--body-file'
            set -g __wts_v '<'
        case 'handbook edit|--title'
            set -g __wts_v '-'
        case 'handbook edit|--body-file'
            set -g __wts_v '<'
        case 'knowledge add|--name'
            set -g __wts_v '-'
        case 'knowledge add|--note'
            set -g __wts_v '-'
        case 'knowledge edit|--name'
            set -g __wts_v '-'
        case 'knowledge edit|--note'
            set -g __wts_v '-'
        case 'knowledge edit|--url'
            set -g __wts_v '-'
        case 'schedule runs|-L' 'schedule runs|--limit'
            set -g __wts_v '-'
        case 'schedule create|--title'
            set -g __wts_v '-'
        case 'schedule create|--prompt'
            set -g __wts_v '-'
        case 'schedule create|--prompt-file'
            set -g __wts_v '<'
        case 'schedule create|--cron'
            set -g __wts_v '-'
        case 'schedule create|--workspace'
            set -g __wts_v '@workspace'
        case 'schedule create|--agent'
            set -g __wts_v '@agent'
        case 'schedule edit|--title'
            set -g __wts_v '-'
        case 'schedule edit|--prompt'
            set -g __wts_v '-'
        case 'schedule edit|--prompt-file'
            set -g __wts_v '<'
        case 'schedule edit|--cron'
            set -g __wts_v '-'
        case 'schedule edit|--workspace'
            set -g __wts_v '@workspace'
        case 'schedule edit|--agent'
            set -g __wts_v '@agent'
        case 'schedule run|--timeout'
            set -g __wts_v '-'
        case 'schedule explain|--tz'
            set -g __wts_v '-'
        case 'schedule explain|--count'
            set -g __wts_v '-'
        case 'schedule check|--workspace'
            set -g __wts_v '@workspace'
        case 'schedule check|--require'
            set -g __wts_v '=active paused'
        case 'schedule check|--max-late'
            set -g __wts_v '-'
        case 'schedule check|--last-run'
            set -g __wts_v '=succeeded'
        case 'schedule export|-w' 'schedule export|--workspace'
            set -g __wts_v '@workspace'
        case 'schedule export|-o' 'schedule export|--output'
            set -g __wts_v '-'
        case 'schedule diff|-f' 'schedule diff|--file'
            set -g __wts_v '<'
        case 'schedule apply|-f' 'schedule apply|--file'
            set -g __wts_v '<'
        case 'api|-f' 'api|--raw-field'
            set -g __wts_v '-'
        case 'api|-F' 'api|--field'
            set -g __wts_v '-'
        case 'api|-X' 'api|--method'
            set -g __wts_v '-'
        case 'api|-H' 'api|--header'
            set -g __wts_v '-'
        case 'api|--input'
            set -g __wts_v '<'
        case 'mcp|--tools'
            set -g __wts_v '-'
        case 'sandbox|--port'
            set -g __wts_v '-'
        case 'sandbox|--public-origin'
            set -g __wts_v '-'
        case 'sandbox|--auto-approve'
            set -g __wts_v '-'
        case 'sandbox|--data'
            set -g __wts_v '<'
        case 'sandbox|--seed-tasks'
            set -g __wts_v '-'
        case 'sandbox|--fault-429'
            set -g __wts_v '-'
        case 'sandbox|--fault-5xx'
            set -g __wts_v '-'
        case 'sandbox|--fault-drop'
            set -g __wts_v '-'
        case 'sandbox|--latency'
            set -g __wts_v '-'
        case 'sandbox|--rate-limit'
            set -g __wts_v '-'
        case '*|--profile'
            set -g __wts_v '-'
        case '*|--origin'
            set -g __wts_v '-'
        case '*|--json'
            set -g __wts_v '-'
        case '*|-q' '*|--jq'
            set -g __wts_v '-'
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
        case ''
            set -g __wts_subs 'login'\t'sign in to the service in a browser and keep the connection' 'logout'\t'revoke the connection at the service and forget its credentials here' 'auth'\t'the sign-in of a profile: its status, its access token, a refresh; the profiles, and which is the default' 'workspace'\t'workspaces, their people and their board columns' 'task'\t'tasks: find, read, change, and hand them to an agent' 'agent'\t'the agents that work on tasks, one per workspace' 'run'\t'an agent\'s runs: what it did on a task and what it proposed' 'approval'\t'actions, tasks for people and questions waiting for someone\'s decision' 'inbox'\t'what waits for a decision across tasks: actions to approve, tasks for people, questions; oldest first; --watch tells each new one as it comes' 'dash'\t'a full-screen dashboard on a terminal: inbox, my tasks, board and schedules, with a detail pane and actions on keys' 'reminder'\t'wake the agent on a task at a set time' 'instructions'\t'an agent\'s handbook: the instructions it follows' 'handbook'\t'the company handbook: entries every agent follows' 'knowledge'\t'links and files your organization\'s agents can consult' 'schedule'\t'prompts an agent runs on a repeating schedule' 'config'\t'read and change settings: the default workspace, editor, pager, browser, accessible mode' 'api'\t'send any request under /api/v1 with your sign-in, and print the JSON answer' 'mcp'\t'serve AI assistants on this computer (Claude, VS Code, Cursor) the service\'s tools as the signed-in user, over stdio' 'sandbox'\t'run a local Workspace Task Service (OAuth server, /api/v1 and /mcp) with demo data' 'completion'\t'print the shell completion script for bash, zsh or fish (subcommands, flags, fixed values, recently listed ids)' 'help'\t'show help for a command, or `wts help environment`'
            set -g __wts_flags '-V'\t'print the version, the build\'s date and the Node version' '--version'\t'print the version, the build\'s date and the Node version' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
        case 'login'
            set -g __wts_flags '--scopes'\t'scopes to ask for, space- or comma-separated (default: all five API scopes and offline_access)' '--no-browser'\t'print the sign-in address instead of opening a browser; the address the browser ends on may also be pasted here' '--port'\t'listen for the browser on this port of 127.0.0.1 (default: a free one)' '--client-id'\t'sign in as this client: a client ID metadata document URL, or the id of a client registered beforehand' '--client-key'\t'the private key (PEM or JWK) of that client, for private_key_jwt' '--client-auth'\t'how that client authenticates (default: from --client-key or WTS_CLIENT_SECRET)' '--store'\t'where to keep the credentials (default: keychain; see also WTS_CREDENTIAL_STORE, WTS_CREDENTIALS_FILE)' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
        case 'logout'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
        case 'auth'
            set -g __wts_subs 'status'\t'show whom and what this profile is signed in to, where the credentials are, and whether the connection works' 'token'\t'print a valid access token on standard output (refreshed first when about to expire), for scripts' 'refresh'\t'get a new access token now (the refresh token rotates)' 'list'\t'list the profiles: which is the default and which is in use, their service, who is signed in, where the credentials are' 'switch'\t'make PROFILE the one commands use when neither --profile nor WTS_PROFILE names one'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
        case 'auth status'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
        case 'auth token'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
        case 'auth refresh'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
        case 'auth list'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
        case 'auth switch'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '-'
        case 'workspace'
            set -g __wts_subs 'list'\t'list the workspaces this connection can open' 'members'\t'list the people in a workspace' 'statuses'\t'list the columns of a workspace\'s task board' 'create'\t'create a workspace, with its own agent' 'rename'\t'change a workspace\'s name' 'archive'\t'hide a workspace and pause its agents and automations'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
        case 'workspace list'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
        case 'workspace members'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@workspace'
        case 'workspace statuses'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@workspace'
        case 'workspace create'
            set -g __wts_flags '--folder'\t'put it in this folder' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '-'
        case 'workspace rename'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@workspace' '-'
        case 'workspace archive'
            set -g __wts_flags '-y'\t'do not ask for confirmation' '--yes'\t'do not ask for confirmation' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@workspace'
        case 'task'
            set -g __wts_subs 'list'\t'list the tasks of a workspace: open work by default (every column but done), in board order; within a column, the service\'s order or --sort' 'board'\t'show a workspace\'s board: its columns side by side with their tasks, fitted to the terminal' 'search'\t'find tasks whose title or description holds all the words' 'view'\t'show a task: status, people, tags, due date, description, notes and waiting approvals (on a terminal, then the latest chat messages)' 'events'\t'show the activity log of a task' 'chat'\t'show the chat between people and the agent on a task' 'conversation'\t'show the email or chat thread a task came from' 'edit'\t'change the title, status or due date of tasks; with no flags on a terminal, one task in your editor' 'complete'\t'mark tasks done' 'assign'\t'add and remove the people assigned to tasks (adding never removes anyone); --set replaces them all' 'tag'\t'add and remove the tags of tasks (adding never removes one); --set replaces them all' 'note'\t'add a note for the team and the agent: TEXT, --file F, - for standard input, or your editor on a terminal' 'delete'\t'delete tasks that are done, with their chat, activity, reminders and approvals' 'create'\t'create a task and have an agent start on it' 'message'\t'send the agent a follow-up in the task chat' 'runs'\t'list the times an agent worked on a task'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
        case 'task list'
            set -g __wts_flags '-w'\t'the workspace (default: WTS_WORKSPACE, else `wts config get workspace`)' '--workspace'\t'the workspace (default: WTS_WORKSPACE, else `wts config get workspace`)' '-A'\t'the tasks of every workspace this connection lists, workspace by workspace, with a WORKSPACE column (not with WS)' '--all-workspaces'\t'the tasks of every workspace this connection lists, workspace by workspace, with a WORKSPACE column (not with WS)' '--status'\t'only these columns: key or name, repeatable or comma-separated; "all" for every column (default: all but done)' '--assignee'\t'only tasks assigned to this person: id, name, email or @me; repeatable or comma-separated: tasks with every one; the first is filtered by the service, the others here, so a rare one first is cheaper' '--tag'\t'only tasks with this tag; repeatable or comma-separated: tasks with every one; the first is filtered by the service, the others here, so a rare one first is cheaper' '--unassigned'\t'only tasks nobody is assigned to (not with --assignee)' '--sort'\t'order each column by due (soonest first, undated last), title (A to Z), created (oldest first), updated (latest change first), reading every task of the columns first (default: the service\'s order, reading only the pages shown)' '-L'\t'at most N items in all (default 30); --all for every item' '--limit'\t'at most N items in all (default 30); --all for every item' '--all'\t'every item (as many pages as it takes)' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@workspace'
        case 'task board'
            set -g __wts_flags '-w'\t'the workspace (default: WTS_WORKSPACE, else `wts config get workspace`)' '--workspace'\t'the workspace (default: WTS_WORKSPACE, else `wts config get workspace`)' '--rows'\t'tasks shown under each column on a terminal before "+N more" (default 10)' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@workspace'
        case 'task search'
            set -g __wts_flags '-w'\t'the workspace (default: WTS_WORKSPACE, else `wts config get workspace`)' '--workspace'\t'the workspace (default: WTS_WORKSPACE, else `wts config get workspace`)' '-L'\t'at most N items in all (default 30); --all for every item' '--limit'\t'at most N items in all (default 30); --all for every item' '--all'\t'every item (as many pages as it takes)' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@workspace' '*-'
        case 'task view'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@task'
        case 'task events'
            set -g __wts_flags '-L'\t'at most N items in all (default 30); --all for every item' '--limit'\t'at most N items in all (default 30); --all for every item' '--all'\t'every item (as many pages as it takes)' '-f'\t'after the activity so far, print each new entry as it arrives, until Ctrl-C' '--follow'\t'after the activity so far, print each new entry as it arrives, until Ctrl-C' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@task'
        case 'task chat'
            set -g __wts_flags '-L'\t'at most N items in all (default 30); --all for every item' '--limit'\t'at most N items in all (default 30); --all for every item' '--all'\t'every item (as many pages as it takes)' '-f'\t'after the messages so far, print each new entry as it arrives, until Ctrl-C' '--follow'\t'after the messages so far, print each new entry as it arrives, until Ctrl-C' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@task'
        case 'task conversation'
            set -g __wts_flags '-L'\t'at most N items in all (default 30); --all for every item' '--limit'\t'at most N items in all (default 30); --all for every item' '--all'\t'every item (as many pages as it takes)' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@task'
        case 'task edit'
            set -g __wts_flags '--title'\t'the new title' '--status'\t'move it to this column: its key or name, any case (from `wts workspace statuses WS`)' '--due'\t'due date: ISO 8601, "tomorrow 9:00", "in 2d", "fri 17:00", or "none" to clear it' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '*@task'
        case 'task complete'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '*@task'
        case 'task assign'
            set -g __wts_flags '--add'\t'add people (id, name, email or @me); repeatable or comma-separated' '--remove'\t'remove people; repeatable or comma-separated' '--set'\t'replace all the people with these; repeatable or comma-separated' '--clear'\t'remove all the people' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@task' '*-'
        case 'task tag'
            set -g __wts_flags '--add'\t'add tags (a tag); repeatable or comma-separated' '--remove'\t'remove tags; repeatable or comma-separated' '--set'\t'replace all the tags with these; repeatable or comma-separated' '--clear'\t'remove all the tags' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@task' '*-'
        case 'task note'
            set -g __wts_flags '--file'\t'read the note from a file (- for standard input)' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@task' '-'
        case 'task delete'
            set -g __wts_flags '-y'\t'do not ask for confirmation' '--yes'\t'do not ask for confirmation' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '*@task'
        case 'task create'
            set -g __wts_flags '--agent'\t'the agent that works on it (from `wts agent list`); the task goes to its workspace' '--description'\t'what the agent should know and do' '--due'\t'due date: ISO 8601, "tomorrow 9:00", "in 2d", "fri 17:00"' '--wait'\t'wait until the agent\'s run on it finishes, then print the outcome: exit 0 if the run succeeded, 8 if it failed' '--timeout'\t'with --wait: give up waiting after this long and exit 1: 30s, 5m, 1h, 1h30m (default 10m)' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '-'
        case 'task message'
            set -g __wts_flags '--wait'\t'wait until the agent replies (or the run it starts finishes), then print the outcome: exit 0 if the run succeeded, 8 if it failed' '--timeout'\t'with --wait: give up waiting after this long and exit 1: 30s, 5m, 1h, 1h30m (default 10m)' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@task' '-'
        case 'task runs'
            set -g __wts_flags '-L'\t'at most N items in all (default 30); --all for every item' '--limit'\t'at most N items in all (default 30); --all for every item' '--all'\t'every item (as many pages as it takes)' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@task'
        case 'agent'
            set -g __wts_subs 'list'\t'list the agents of the workspaces this connection can open'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
        case 'agent list'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
        case 'run'
            set -g __wts_subs 'view'\t'show a run: state, task, agent, times, its whole output and the actions it proposed' 'watch'\t'wait for a run to finish, then show its output and what it proposed: exit 0 if it succeeded, 8 if it failed'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
        case 'run view'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@run'
        case 'run watch'
            set -g __wts_flags '--timeout'\t'give up waiting after this long and exit 1: 30s, 5m, 1h, 1h30m (default 10m)' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@run'
        case 'approval'
            set -g __wts_subs 'review'\t'decide what waits, one item after another, on a terminal: approve, reject, edit, answer, mark done or skip' 'list'\t'list the pending actions of a task' 'view'\t'show a pending action with its whole draft (on a terminal, then the commands that decide it)' 'approve'\t'approve proposed actions, so the agent carries them out' 'reject'\t'reject pending actions, optionally saying why' 'done'\t'mark tasks for a person as done' 'answer'\t'answer an agent\'s question (TEXT, or - to read it from standard input)' 'edit'\t'change fields of a pending action\'s draft before deciding (on a terminal with no flags: in $VISUAL/$EDITOR, one plain-text section per field)'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
        case 'approval review'
            set -g __wts_flags '--workspace'\t'only this workspace (default: every workspace this connection can open)' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
        case 'approval list'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@task'
        case 'approval view'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@approval'
        case 'approval approve'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '*@approval'
        case 'approval reject'
            set -g __wts_flags '--reason'\t'why, for the agent and the task history' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '*@approval'
        case 'approval done'
            set -g __wts_flags '--note'\t'what was done, for the agent and the task history' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '*@approval'
        case 'approval answer'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@approval' '-'
        case 'approval edit'
            set -g __wts_flags '--set'\t'set one draft field (repeatable); a value that reads as a JSON number or true/false is sent as such, anything else as text' '--draft-file'\t'a JSON object of the draft fields to change (- for standard input); for lists and objects' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@approval'
        case 'inbox'
            set -g __wts_flags '--workspace'\t'only this workspace (default: every workspace this connection can open)' '--watch'\t'keep watching until Ctrl-C: what waits now, then each item as it appears and each one decided elsewhere (JSON lines with --json)' '--interval'\t'with --watch: time between checks, growing to twice that while nothing changes (default 30s, from 5s to 1h); idle, a check costs 1 request plus 1 per 50 tasks of each workspace, at most 10 checks in 5 minutes at the default, and every 10m a sweep of 1 request per task (docs/watch.md)' '--exec'\t'with --watch: run this shell command for each new item, one at a time; the item is in WTS_ITEM_ID, WTS_ITEM_KIND, WTS_TITLE, WTS_TASK_ID, WTS_TASK_TITLE, WTS_WORKSPACE' '--notify'\t'with --watch: a desktop notification (notify-send, osascript) and a terminal bell for each new item' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
        case 'dash'
            set -g __wts_flags '--workspace'\t'only this workspace (default: every workspace; the board shows the default workspace, else the first)' '--notify'\t'when a refresh brings new items into the inbox: a bell, a desktop notification, and a + on each until selected' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
        case 'reminder'
            set -g __wts_subs 'list'\t'list the reminders on a task, soonest first' 'create'\t'set a reminder on a task' 'edit'\t'change a reminder\'s time or message' 'cancel'\t'cancel reminders'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
        case 'reminder list'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@task'
        case 'reminder create'
            set -g __wts_flags '--at'\t'when: ISO 8601 (2026-11-23T09:00) or e.g. "tomorrow 9:00", "in 2h", "fri 17:00" (local time) (required)' '--message'\t'what the agent is reminded of (required)' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@task'
        case 'reminder edit'
            set -g __wts_flags '--at'\t'when: ISO 8601 (2026-11-23T09:00) or e.g. "tomorrow 9:00", "in 2h", "fri 17:00" (local time)' '--message'\t'the new message' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@reminder'
        case 'reminder cancel'
            set -g __wts_flags '-y'\t'do not ask for confirmation' '--yes'\t'do not ask for confirmation' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '*@reminder'
        case 'instructions'
            set -g __wts_subs 'list'\t'list the entries of an agent\'s instructions, in order' 'view'\t'print the whole text of an entry (piped: the body alone; --json for the exact text)' 'edit'\t'change an entry\'s title or text (on a terminal with neither flag: the text in $VISUAL/$EDITOR)' 'reorder'\t'put an agent\'s entries in a new order (name every entry, in the order wanted)'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
        case 'instructions list'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@agent'
        case 'instructions view'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@instructions'
        case 'instructions edit'
            set -g __wts_flags '--title'\t'the new title' '--body-file'\t'the new text from this file (- for standard input)' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@instructions'
        case 'instructions reorder'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@agent' '*@instructions'
        case 'handbook'
            set -g __wts_subs 'list'\t'list the entries of the company handbook, in order' 'view'\t'print the whole text of an entry (piped: the body alone; --json for the exact text)' 'edit'\t'change an entry\'s title or text (on a terminal with neither flag: the text in $VISUAL/$EDITOR)' 'reorder'\t'put the company handbook in a new order (name every entry, in the order wanted)'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
        case 'handbook list'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
        case 'handbook view'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@handbook'
        case 'handbook edit'
            set -g __wts_flags '--title'\t'the new title' '--body-file'\t'the new text from this file (- for standard input)' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@handbook'
        case 'handbook reorder'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '*@handbook'
        case 'knowledge'
            set -g __wts_subs 'list'\t'list the knowledge sources' 'view'\t'show one knowledge source' 'add'\t'add a web page as a knowledge source' 'edit'\t'change a knowledge source\'s name, note or address' 'remove'\t'remove knowledge sources; agents stop consulting them'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
        case 'knowledge list'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
        case 'knowledge view'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@knowledge'
        case 'knowledge add'
            set -g __wts_flags '--name'\t'how agents and people see it (required)' '--note'\t'when to use it' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '-'
        case 'knowledge edit'
            set -g __wts_flags '--name'\t'the new name' '--note'\t'the new note ("" to clear it)' '--url'\t'the new address (links only)' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@knowledge'
        case 'knowledge remove'
            set -g __wts_flags '-y'\t'do not ask for confirmation' '--yes'\t'do not ask for confirmation' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '*@knowledge'
        case 'schedule'
            set -g __wts_subs 'list'\t'list the scheduled tasks: when they run, timezone, state, next and last run' 'view'\t'show a scheduled task: its prompt, schedule, next and last run' 'runs'\t'list the past runs of a scheduled task, newest first' 'create'\t'run a prompt on a repeating schedule' 'edit'\t'change a scheduled task\'s title, prompt, schedule, workspace or agent' 'pause'\t'stop scheduled tasks until they are resumed' 'resume'\t'start paused scheduled tasks again' 'delete'\t'delete scheduled tasks; their earlier runs stay' 'run'\t'run scheduled tasks once now, outside their schedule' 'explain'\t'say when a cron runs, without signing in: its shape, a sentence, the next runs in a timezone and locally' 'check'\t'check scheduled tasks in CI: supported cron, state, not late, last run succeeded; exit 8 when a check fails' 'export'\t'write a schedules file from the service\'s scheduled tasks (what diff -f and apply -f read), to start keeping them as code' 'diff'\t'show how the service\'s scheduled tasks differ from a schedules file; exit 8 on any drift' 'apply'\t'make the scheduled tasks match a schedules file: create, update, pause, resume (and with --prune delete)'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
        case 'schedule list'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
        case 'schedule view'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@schedule'
        case 'schedule runs'
            set -g __wts_flags '-L'\t'at most N items in all (default 30); --all for every item' '--limit'\t'at most N items in all (default 30); --all for every item' '--all'\t'every item (as many pages as it takes)' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@schedule'
        case 'schedule create'
            set -g __wts_flags '--title'\t'what the schedule is for (required)' '--prompt'\t'what the agent is asked each time (this or --prompt-file is required)' '--prompt-file'\t'the prompt from this file (- for standard input)' '--cron'\t'when, in the organization\'s timezone: hourly "M * * * *", daily "M H * * *", weekdays "M H * * 1-5", weekly "M H * * D", monthly "M H DOM * *" (required)' '--workspace'\t'the workspace the runs\' tasks go to (required)' '--agent'\t'the agent that runs it: the workspace\'s own (required)' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
        case 'schedule edit'
            set -g __wts_flags '--title'\t'what the schedule is for' '--prompt'\t'what the agent is asked each time' '--prompt-file'\t'the prompt from this file (- for standard input)' '--cron'\t'when, in the organization\'s timezone: hourly "M * * * *", daily "M H * * *", weekdays "M H * * 1-5", weekly "M H * * D", monthly "M H DOM * *"' '--workspace'\t'the workspace the runs\' tasks go to' '--agent'\t'the agent that runs it: the workspace\'s own' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '@schedule'
        case 'schedule pause'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '*@schedule'
        case 'schedule resume'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '*@schedule'
        case 'schedule delete'
            set -g __wts_flags '-y'\t'do not ask for confirmation' '--yes'\t'do not ask for confirmation' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '*@schedule'
        case 'schedule run'
            set -g __wts_flags '--wait'\t'wait until the run finishes (one ID only), then print the outcome: exit 0 if the run succeeded, 8 if it failed' '--timeout'\t'with --wait: give up waiting after this long and exit 1: 30s, 5m, 1h, 1h30m (default 10m)' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '*@schedule'
        case 'schedule explain'
            set -g __wts_flags '--tz'\t'read the cron in this IANA timezone, e.g. Europe/Berlin (default: the local one; the service uses the organization\'s, shown by `wts schedule list`)' '--count'\t'how many next runs to show, 1 to 100' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '-'
        case 'schedule check'
            set -g __wts_flags '--workspace'\t'only the scheduled tasks of this workspace' '--require'\t'fail unless the scheduled task is in this state: active or paused' '--max-late'\t'fail when an occurrence older than this (e.g. 15m, 2h, 1d) has had no run started since; after a cron change, counted from the first run under the new cron (see below)' '--last-run'\t'fail unless the latest finished run has this outcome: succeeded (one that never ran passes)' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '*@schedule'
        case 'schedule export'
            set -g __wts_flags '-w'\t'only the scheduled tasks of this workspace; repeatable or comma-separated (default: every workspace)' '--workspace'\t'only the scheduled tasks of this workspace; repeatable or comma-separated (default: every workspace)' '-o'\t'yaml or json (default: yaml; json with --json)' '--output'\t'yaml or json (default: yaml; json with --json)' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
        case 'schedule diff'
            set -g __wts_flags '-f'\t'the schedules file, JSON or YAML: {"schedules": [{key?, title, prompt, cron, workspace, agent, state?}]} (- for standard input)' '--file'\t'the schedules file, JSON or YAML: {"schedules": [{key?, title, prompt, cron, workspace, agent, state?}]} (- for standard input)' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
        case 'schedule apply'
            set -g __wts_flags '-f'\t'the schedules file, JSON or YAML: {"schedules": [{key?, title, prompt, cron, workspace, agent, state?}]} (- for standard input)' '--file'\t'the schedules file, JSON or YAML: {"schedules": [{key?, title, prompt, cron, workspace, agent, state?}]} (- for standard input)' '--prune'\t'also delete the scheduled tasks the file does not list, in the workspaces it names (never in others)' '-y'\t'do not ask for confirmation (needed without a terminal)' '--yes'\t'do not ask for confirmation (needed without a terminal)' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
        case 'config'
            set -g __wts_subs 'get'\t'print a setting\'s value (its default when it is not set)' 'set'\t'change a setting of the profile in use' 'unset'\t'remove a setting of the profile in use (its default applies again)' 'list'\t'print every setting of the profile in use as key=value (defaults included)'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
        case 'config get'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '=workspace editor pager browser dash.refresh accessible'
        case 'config set'
            set -g __wts_flags '--force'\t'set workspace without asking the service whether this connection can open it (offline, before signing in)' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '=workspace editor pager browser dash.refresh accessible' '-'
        case 'config unset'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '=workspace editor pager browser dash.refresh accessible'
        case 'config list'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
        case 'api'
            set -g __wts_flags '-f'\t'a query parameter (GET, DELETE, or with --input) or a body field (POST, PATCH), sent as the text typed; repeatable' '--raw-field'\t'a query parameter (GET, DELETE, or with --input) or a body field (POST, PATCH), sent as the text typed; repeatable' '-F'\t'as -f, typed: true, false, null and numbers as such, @FILE the text of a file (@- standard input); repeatable' '--field'\t'as -f, typed: true, false, null and numbers as such, @FILE the text of a file (@- standard input); repeatable' '-X'\t'the method: GET, POST, PATCH, DELETE (default: GET, or POST with fields or --input)' '--method'\t'the method: GET, POST, PATCH, DELETE (default: GET, or POST with fields or --input)' '-H'\t'an extra request header, "Name: value"; repeatable (not Authorization: that is your sign-in)' '--header'\t'an extra request header, "Name: value"; repeatable (not Authorization: that is your sign-in)' '-i'\t'print the status line and the answer headers before the body' '--include'\t'print the status line and the answer headers before the body' '--input'\t'the JSON body from this file (- for standard input)' '--paginate'\t'follow nextCursor and print the items of every page as one JSON array' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '-' '-'
        case 'mcp'
            set -g __wts_flags '--allow-writes'\t'also offer the tools that change something (default: read-only)' '--tools'\t'offer exactly these tools (comma-separated; a write tool named here is offered)' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
        case 'sandbox'
            set -g __wts_flags '--port'\t'port to listen on (default: a free one)' '--public-origin'\t'the origin the sandbox is reached at behind a TLS front or proxy: its issuer, resources and URLs' '--auto-approve'\t'approve every sign-in as this demo user (ada or ben), with no pages to click' '--data'\t'keep state in this file across restarts (written atomically)' '--seed-tasks'\t'add a workspace "Bulk" holding this many more tasks' '--fault-429'\t'answer this share of API and MCP requests with 429 and Retry-After' '--fault-5xx'\t'answer this share of API and MCP requests with 503' '--fault-drop'\t'drop this share of API and MCP connections without an answer (half before acting, half after)' '--latency'\t'delay every API and MCP answer by this many milliseconds' '--rate-limit'\t'allow this many API and MCP requests per connection per minute (0: no limit)' '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
        case 'completion'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '=bash zsh fish'
        case 'help'
            set -g __wts_subs 'environment'\t'list the environment variables wts reads'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
            set -g __wts_args '*=login logout auth workspace task agent run approval inbox dash reminder instructions handbook knowledge schedule config api mcp sandbox completion help'
        case 'help environment'
            set -g __wts_flags '--profile'\t'use this profile (default: WTS_PROFILE, else the one `wts auth switch` chose, else "default")' '--origin'\t'the service origin (default: WTS_ORIGIN, else the profile\'s)' '--json'\t'print JSON: the object for one result, an array for a list; with FIELDS (id,title) only those fields' '-q'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--jq'\t'filter the JSON through a jq expression (jq\'s own language; strings printed raw, as jq -r); implies --json' '--no-color'\t'no colors (also: NO_COLOR)' '--debug'\t'trace HTTP requests and responses on stderr (tokens redacted)' '--no-pager'\t'print long output directly, not through the pager (also: WTS_PAGER=cat)' '--accessible'\t'for screen readers: plain numbered questions read line by line, no spinners or redrawn lines, no full screen (also: WTS_ACCESSIBLE=1, wts config set accessible true)' '-h'\t'show help for the command' '--help'\t'show help for the command'
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
    test -r $dir/completion-ids.tsv; or return 0
    string replace -rf '^'$kind'\t([^\t]*)\t?(.*)$' '$1\t$2' <$dir/completion-ids.tsv
end

function __wts_value_candidates --argument-names spec
    switch "$spec"
        case '=*'
            string split ' ' -- (string sub -s 2 -- $spec)
        case '@*'
            __wts_ids (string sub -s 2 -- $spec)
        case '<'
            __fish_complete_path (commandline -ct)
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
    if test -n "$flag"
        __wts_value "$cmd" $flag; and __wts_value_candidates $__wts_v
        return 0
    end
    __wts_spec "$cmd"
    set -l cur (commandline -ct)
    if string match -q -- '-*' "$cur"
        printf '%s\n' $__wts_flags
        return 0
    end
    test $npos -eq 0; and printf '%s\n' $__wts_subs
    set -l n (count $__wts_args)
    test $n -eq 0; and return 0
    set -l arg
    if test $npos -lt $n
        set arg $__wts_args[(math $npos + 1)]
    else
        set arg $__wts_args[$n]
        string match -qr -- '^\*' $arg; or return 0
    end
    __wts_value_candidates (string replace -r -- '^\*' '' $arg)
end

complete -c wts -f -a '(__wts_complete)'
