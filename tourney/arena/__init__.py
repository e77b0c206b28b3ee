"""See ARCHITECTURE.md: this layer is built by a later issue."""
