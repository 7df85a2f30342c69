//! Every agent hookcheck knows: one file each.

pub mod shared;
