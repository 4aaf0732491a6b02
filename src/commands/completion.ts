// wts completion bash|zsh|fish: prints the completion script, the same as the checked-in completions/.
import { Argument, type Command } from 'commander';
import { verb, type CliDeps } from './action.js';

export function registerCompletion(program: Command, deps: CliDeps): void {
  verb(program, deps, {
    name: 'completion',
    description: 'print the shell completion script for bash, zsh or fish (subcommands, flags, fixed values, recently listed ids)',
    options: (c) => c.addArgument(new Argument('<SHELL>', 'the shell').choices(['bash', 'zsh', 'fish'])),
    examples: [
      'wts completion bash > ~/.local/share/bash-completion/completions/wts',
      'wts completion zsh > ~/.zfunc/_wts   # with fpath=(~/.zfunc $fpath) before compinit in ~/.zshrc',
      'wts completion fish > ~/.config/fish/completions/wts.fish',
    ],
    async run({ ctx, args, command }) {
      const { completionScript } = await import('../completion/scripts.js');
      let root = command;
      while (root.parent) root = root.parent;
      ctx.io.stdout.write(completionScript(args[0] as 'bash' | 'zsh' | 'fish', root));
    },
  });
}
