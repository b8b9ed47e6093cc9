fn main() -> std::process::ExitCode {
    queens::cli::main()
}
