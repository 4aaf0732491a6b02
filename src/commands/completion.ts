// wts completion bash|zsh|fish|powershell: prints the completion script, the same as the checked-in completions/.
import { Argument, type Command } from 'commander';
import { CliError, ExitCode } from '../errors.js';
import { options, verb, type CliDeps } from '../framework/verb.js';

const SHELLS = ['bash', 'zsh', 'fish', 'powershell'] as const;

export function registerCompletion(program: Command, deps: CliDeps): void {
  verb(program, deps, {
    name: 'completion',
    description:
      'print the shell completion script for bash, zsh, fish or PowerShell (subcommands, flags, fixed values, recently listed ids)',
    // An Argument rather than `args`, for its choices: commander refuses any other shell, listing these.
    options: options((c) => c.addArgument(new Argument('<SHELL>', 'the shell').choices(SHELLS))),
    examples: [
      'wts completion bash > ~/.local/share/bash-completion/completions/wts',
      'wts completion zsh > ~/.zfunc/_wts   # with fpath=(~/.zfunc $fpath) before compinit in ~/.zshrc',
      'wts completion zsh > "$(brew --prefix)/share/zsh/site-functions/_wts"   # zsh from Homebrew (macOS)',
      'wts completion fish > ~/.config/fish/completions/wts.fish',
      'wts completion powershell | Out-String | Invoke-Expression   # in $PROFILE (PowerShell, Windows)',
    ],
    async run({ ctx, command }) {
      const shell = SHELLS.find((s) => s === command.args[0]);
      if (!shell) throw new CliError(`SHELL: must be one of ${SHELLS.join(', ')}`, ExitCode.usage);
      const { completionScript } = await import('../completion/scripts.js');
      let root = command;
      while (root.parent) root = root.parent;
      ctx.io.stdout.write(completionScript(shell, root));
    },
  });
}
