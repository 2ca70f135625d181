//! How a table of words is laid out, so that it can travel as data.
//!
//! Every domain's words are a struct of named `&'static str` fields (or
//! arrays of them, or nested domain structs), declared once with
//! [`words!`](crate::words). A missing field does not compile, so the
//! Korean and the English tables always say the same things.
//!
//! The macro makes each struct `#[repr(C)]` and proves at compile time that
//! it is nothing but consecutive `&'static str`s ([`Flat`]). So a whole
//! table is also a slice of strings ([`as_flat`]), which `static/words/
//! LANG.words` carries (magic, schema hash, postcard), and a slice read
//! back from that file is the table again ([`from_flat`]), without code per
//! field. The schema hash covers every struct's name and every field's name
//! and type, in order: a file written for another schema is refused, never
//! read as shifted words.

/// A type laid out as [`Flat::LEN`] consecutive `&'static str` and nothing
/// else.
///
/// # Safety
/// `size_of::<Self>() == LEN * size_of::<&str>()`, the alignment is at most
/// that of `&str`, and every `LEN`-long run of valid `&'static str` is a
/// valid `Self`. Only `&'static str`, arrays of `Flat` types and the structs
/// that [`words!`](crate::words) declares (which assert their size) implement it.
pub unsafe trait Flat: 'static {
    /// How many strings the type holds.
    const LEN: usize;
    /// A hash of the type's shape: names and order of every field, nested.
    const SCHEMA: u64;
}

// SAFETY: one `&'static str` is one `&'static str`.
unsafe impl Flat for &'static str {
    const LEN: usize = 1;
    const SCHEMA: u64 = fnv(b"str", FNV_OFFSET);
}

// SAFETY: an array of N values of a flat type is N runs of its strings,
// without padding (the element's size is a multiple of its alignment).
unsafe impl<T: Flat, const N: usize> Flat for [T; N] {
    const LEN: usize = T::LEN * N;
    const SCHEMA: u64 = mix(fnv(b"array", T::SCHEMA), N as u64);
}

/// FNV-1a's offset basis.
pub const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a of `bytes`, continuing from `hash`.
pub const fn fnv(bytes: &[u8], hash: u64) -> u64 {
    let mut h = hash;
    let mut i = 0;
    while i < bytes.len() {
        h ^= bytes[i] as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
        i += 1;
    }
    h
}

/// `hash` followed by `value`, as eight more bytes.
pub const fn mix(hash: u64, value: u64) -> u64 {
    fnv(&value.to_le_bytes(), hash)
}

/// Declares a table of words: a struct whose every field is a
/// `&'static str`, an array of them, or another table, made `#[repr(C)]`
/// and [`Flat`](crate::table::Flat).
#[macro_export]
macro_rules! words {
    ($(#[$meta:meta])* pub struct $name:ident { $($(#[$fmeta:meta])* pub $field:ident : $ty:ty),* $(,)? }) => {
        $(#[$meta])*
        #[repr(C)]
        #[derive(Debug)]
        pub struct $name { $($(#[$fmeta])* pub $field: $ty,)* }

        // SAFETY: every field is Flat, `repr(C)` lays them out in order, and
        // the assertion below proves there is no padding between them.
        unsafe impl $crate::table::Flat for $name {
            const LEN: usize = 0 $(+ <$ty as $crate::table::Flat>::LEN)*;
            const SCHEMA: u64 = {
                let h = $crate::table::fnv(stringify!($name).as_bytes(), $crate::table::FNV_OFFSET);
                $(
                    let h = $crate::table::fnv(stringify!($field).as_bytes(), h);
                    let h = $crate::table::mix(h, <$ty as $crate::table::Flat>::SCHEMA);
                )*
                h
            };
        }

        const _: () = assert!(
            ::core::mem::size_of::<$name>()
                == <$name as $crate::table::Flat>::LEN * ::core::mem::size_of::<&'static str>()
                && ::core::mem::align_of::<$name>() <= ::core::mem::align_of::<&'static str>()
        );
    };
}

/// The table's strings in field order.
pub fn as_flat<T: Flat>(table: &T) -> &[&'static str] {
    // SAFETY: `T: Flat` is `T::LEN` consecutive `&'static str`.
    unsafe { core::slice::from_raw_parts((table as *const T).cast::<&'static str>(), T::LEN) }
}

/// The table those strings make, if there are exactly as many as it holds.
pub fn from_flat<T: Flat>(strings: &'static [&'static str]) -> Option<&'static T> {
    if strings.len() != T::LEN {
        return None;
    }
    // SAFETY: `T: Flat` is `T::LEN` consecutive `&'static str`, its
    // alignment is at most theirs, and the slice lives for 'static.
    Some(unsafe { &*strings.as_ptr().cast::<T>() })
}
