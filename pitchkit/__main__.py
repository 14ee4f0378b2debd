from pitchkit.cli import main

main()
