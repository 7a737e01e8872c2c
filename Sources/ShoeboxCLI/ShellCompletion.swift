import Foundation

/// `shoebox --completions bash|zsh`: a completion script, made from the command list and each
/// command's options as its help lists them (`CommandOptions`). A package installs them
/// where bash-completion and zsh look; by hand, `source <(shoebox --completions bash)`.
enum ShellCompletion {
    static let shells = ["bash", "zsh"]

    static func script(for shell: String, commands: [any Command.Type]) -> String? {
        let names = commands.map { $0.name }.joined(separator: " ")
        let cases = commands.map { command in
            "        \(command.name)) opts=\"\(CommandOptions.listed(in: command.help).joined(separator: " "))\" ;;"
        }.joined(separator: "\n")
        let function = """
            _shoebox() {
                local cur="${COMP_WORDS[COMP_CWORD]}" opts
                if [ "$COMP_CWORD" -eq 1 ]; then
                    COMPREPLY=($(compgen -W "\(names) --help --version --man --completions" -- "$cur"))
                    return
                fi
                case "${COMP_WORDS[1]}" in
            \(cases)
                    *) opts="" ;;
                esac
                if [[ "$cur" == -* ]]; then
                    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
                else
                    COMPREPLY=($(compgen -f -- "$cur"))
                fi
            }
            """
        switch shell {
        case "bash":
            return "# bash completion for shoebox (shoebox --completions bash)\n\(function)\ncomplete -o filenames -F _shoebox shoebox\n"
        case "zsh":
            return "#compdef shoebox\n# zsh completion for shoebox (shoebox --completions zsh), through bash's\n"
                + "autoload -U +X bashcompinit && bashcompinit\n\(function)\ncomplete -o filenames -F _shoebox shoebox\n"
        default:
            return nil
        }
    }
}
