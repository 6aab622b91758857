//! The accelerators: shortcuts that give what the steps give for the
//! inputs they cover, and decline the others.  They call the
//! specification's steps and the observed rules; nothing below calls
//! them.

pub(crate) mod base;
pub(crate) mod common_reference;
pub(crate) mod common_url;
pub(crate) mod each_components;
pub(crate) mod facts;
pub(crate) mod fast_paths;
pub mod host;
pub(crate) mod pipeline;
pub(crate) mod sharing;
pub(crate) mod thread_buffer;
