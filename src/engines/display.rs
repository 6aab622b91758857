//! What the engines' address-bar displays share: the text functions of
//! [`crate::text::display`] (ACE labels, scripts, general categories,
//! Default_Ignorable_Code_Point, percent-decoding), under the name the
//! engines use.

pub use crate::text::display::*;
