//! `lab figure … --animate --out F.gif`: a valid animated GIF with the
//! frame count asked for, the same bytes for the same command, the
//! figure's colours kept exactly (the palette is the figure's own), and an
//! English `lab: error:` with exit status 2 past the size limit.

use std::path::PathBuf;
use std::process::{Command, Output};

fn lab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lab")).args(args).output().expect("run lab")
}

fn out_path(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lab-gif-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Decodes a GIF into its composited frames (RGBA, full size), its size and the first frame's delay.
fn decode_gif(bytes: &[u8]) -> (Vec<Vec<u8>>, (u16, u16), u16) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(bytes).expect("a GIF header");
    let (w, h) = (decoder.width(), decoder.height());
    let mut canvas = vec![0u8; usize::from(w) * usize::from(h) * 4];
    let mut frames = Vec::new();
    let mut delay = 0;
    while let Some(frame) = decoder.read_next_frame().expect("a valid frame") {
        if frames.is_empty() {
            delay = frame.delay;
        }
        for y in 0..usize::from(frame.height) {
            for x in 0..usize::from(frame.width) {
                let src = (y * usize::from(frame.width) + x) * 4;
                let dst = ((y + usize::from(frame.top)) * usize::from(w) + x + usize::from(frame.left)) * 4;
                canvas[dst..dst + 4].copy_from_slice(&frame.buffer[src..src + 4]);
            }
        }
        frames.push(canvas.clone());
    }
    (frames, (w, h), delay)
}

fn gif_args<'a>(out: &'a str, frames: &'a str) -> Vec<&'a str> {
    vec![
        "figure",
        "lease-expiry",
        "--params",
        "preset=exp1&seed=2",
        "--out",
        out,
        "--animate",
        "--frames",
        frames,
        "--fps",
        "5",
        "--width",
        "480",
    ]
}

#[test]
fn gif_has_the_frames_asked_for_the_same_bytes_and_the_figures_colours() {
    let a = out_path("a1.gif");
    let b = out_path("a1-again.gif");
    for p in [&a, &b] {
        let o = lab(&gif_args(p.to_str().unwrap(), "7"));
        assert!(o.status.success(), "{}", stderr(&o));
    }
    let bytes = std::fs::read(&a).unwrap();
    assert!(bytes.starts_with(b"GIF89a"), "a GIF89a file");
    assert_eq!(bytes, std::fs::read(&b).unwrap(), "same command, same bytes");
    let (frames, size, delay) = decode_gif(&bytes);
    assert_eq!(frames.len(), 7, "--frames 7");
    assert_eq!(delay, 20, "--fps 5: each frame shows 20 cs");
    for w in frames.windows(2) {
        assert_ne!(w[0], w[1], "consecutive frames differ: the cursor moves");
    }

    // The last frame is the still PNG's figure: every pixel the figure
    // paints in one of its own colours keeps that exact colour.
    let still = out_path("a1-still.png");
    let o = lab(&[
        "figure",
        "lease-expiry",
        "--params",
        "preset=exp1&seed=2",
        "--out",
        still.to_str().unwrap(),
        "--width",
        "480",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let decoder = png::Decoder::new(std::io::Cursor::new(std::fs::read(&still).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut rgb = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut rgb).unwrap();
    assert_eq!((info.width, info.height), (u32::from(size.0), u32::from(size.1)));
    let last = &frames[6];
    let figure_colours = [(0xdc, 0x26, 0x26), (0xf5, 0x9e, 0x0b), (0x25, 0x63, 0xeb), (0x1f, 0x29, 0x37)];
    let (mut exact, mut total, mut figure_colour_pixels) = (0usize, 0usize, 0usize);
    for (png_px, gif_px) in rgb.chunks_exact(3).zip(last.chunks_exact(4)) {
        total += 1;
        if png_px == &gif_px[..3] {
            exact += 1;
        }
        if figure_colours.contains(&(png_px[0], png_px[1], png_px[2])) {
            figure_colour_pixels += 1;
            assert_eq!(png_px, &gif_px[..3], "a figure colour is kept exactly");
        }
    }
    assert!(figure_colour_pixels > 100, "the figure paints in its colours ({figure_colour_pixels} px)");
    assert!(exact * 100 >= total * 97, "{exact} of {total} pixels exact");
}

#[test]
fn gif_errors_exit_2_in_english() {
    let big = out_path("big.gif");
    let o = lab(&[
        "figure",
        "lease-expiry",
        "--out",
        big.to_str().unwrap(),
        "--animate",
        "--frames",
        "240",
        "--width",
        "4000",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).starts_with("lab: error: "), "{}", stderr(&o));
    assert!(stderr(&o).contains("fewer --frames or a smaller --width"), "{}", stderr(&o));
    assert!(!big.exists(), "no file past the limit");

    let gif = out_path("still.gif");
    let gif = gif.to_str().unwrap();
    for args in [
        &["figure", "lease-expiry", "--out", gif][..],
        &["figure", "outage", "--out", gif, "--animate"][..],
        &["figure", "lease-expiry", "--out", gif, "--animate", "--frames", "1"][..],
    ] {
        let o = lab(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).starts_with("lab: error: "), "{args:?}: {}", stderr(&o));
    }
}
