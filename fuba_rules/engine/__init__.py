"""The match engine: state, the primitives rules may call, decisions and the driver."""
