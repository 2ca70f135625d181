//! The English words of the share panel, oEmbed titles and the exported files' words.
//!
//! The English kit offers an HTML page, WordPress, Ghost and Discourse
//! (through the page's oEmbed document), dev.to and Medium (through a
//! CodePen pen) and Markdown (`platforms`); the Korean kit's platforms have
//! their English words here too.

use crate::share::{
    ExportWords, HtmlPlatformWords, MarkdownPlatformWords, OembedPlatformWords, PenPlatformWords, PenWords,
    PhotoPlatformWords, ShareWords,
};

/// The photo platforms' steps (`{files}`, `{platform}`).
const PHOTO_STEPS: [&str; 3] = [
    "Download the figure with the {files} button above and upload it to {platform} as a photo. Use the alt text below as its caption.",
    "Paste the link below into the post: it becomes a link card (title, summary, image). A reader who clicks the card lands on a page where the figure can be played with.",
    "{platform} cannot hold another site's iframe, so the link is how a reader gets to the live figure.",
];

/// The oEmbed platforms' steps (`{platform}`).
const OEMBED_STEPS: [&str; 3] = [
    "Paste the address below on a line of its own in your {platform} post, with nothing else on that line.",
    "{platform} reads the oEmbed link in that page's head and embeds the figure as it opens. Settings you changed here are not carried over.",
    "If you get a plain link card instead, the site does not accept this embed: use the HTML page's code, or an image and a link.",
];

/// The image path beside a pen (`{files}`).
const PEN_ALT_STEPS: [&str; 3] = [
    "Download the figure with the {files} button above.",
    "Upload the image in the editor and put the link to the original page under it.",
    "Give the image the alt text above.",
];

/// The English table.
pub const SHARE: ShareWords = ShareWords {
    kit_legend: "Put it in a post",
    copy: "Copy {what}",
    copied: "Copied the {what}.",
    not_copied: "Could not copy the {what}. Select the text in the field and copy it yourself.",
    embed_label: "Embed elsewhere: the figure with its controls (<iframe>)",
    embed_what: "embed code",
    embed_preview: "Preview the embed",
    bare_label: "Embed elsewhere: the figure alone (<iframe>, height fitted to {width}px wide)",
    bare_what: "figure-only embed code",
    bare_preview: "Preview the figure alone",
    link_label: "Link to this state",
    link_what: "link",
    alt_label: "Alt text (use it with the image)",
    alt_what: "alt text",
    code_what: "embed code",
    script_what: "script",
    files_animated: "GIF or PNG",
    files_still: "PNG",
    blog_files_animated: "“Blog GIF” or “Blog PNG”",
    blog_files_still: "“Blog PNG”",
    phone_files_animated: "“Blog GIF” or “Blog PNG (phone)”",
    phone_files_still: "“Blog PNG (phone)”",
    md_image: "image address",
    md_link: "Try it live in Consistency Lab",
    pen: PenWords {
        button: "Create a pen on CodePen",
        address_label: "Your saved pen's address",
        address_placeholder: "https://codepen.io/you/pen/…",
        line_empty: "Paste the pen's address and the line appears here.",
        address_bad: "That is not a CodePen pen's address. Paste your saved pen's address (https://codepen.io/you/pen/…) as it is.",
        local_warning: "This page's address ({host}) does not open on anyone else's computer. Create the pen from the public site, or readers will see an empty frame.",
        description: "A pen that embeds a Consistency Lab figure in a blog post. Original page: {link}",
    },
    platforms: "html wordpress ghost discourse devto medium markdown",
    velog: PenPlatformWords {
        label: "velog",
        steps: [
            "velog keeps iframes only from YouTube, CodeSandbox and CodePen, so the live figure goes in through a CodePen pen.",
            "Click “Create a pen on CodePen” below: a pen holding this figure opens in a new tab. Sign in to CodePen and save it.",
            "Paste the saved pen's address (https://codepen.io/you/pen/…) into the field below to get the line for velog.",
            "Paste that line into your velog post on a line of its own, with nothing else on it.",
            "Readers see CodePen's frame, 768px wide and 430px high. The figure gets about {result}px of that height once CodePen's bars (about {chrome}px) are taken, and can be played with right there. A taller figure scrolls inside it.",
        ],
        line_label: "Line to paste into velog",
        line_what: "velog line",
        alt_heading: "Without CodePen: an image and a link",
        alt_steps: [
            "Download the figure with the {files} button above.",
            "Drop the file into velog's editor: it writes a ![](…) line with the image's address.",
            "Replace that line with the Markdown below, putting velog's address where it says (image address).",
        ],
        md_label: "Markdown for velog (alt text and a link to the original page)",
        md_what: "Markdown",
    },
    devto: PenPlatformWords {
        label: "dev.to",
        steps: [
            "dev.to embeds a CodePen pen through its {% codepen %} tag, so the live figure goes in through a pen.",
            "Click “Create a pen on CodePen” below: a pen holding this figure opens in a new tab. Sign in to CodePen and save it.",
            "Paste the saved pen's address into the field below to get the tag for dev.to.",
            "Paste the tag into your post on a line of its own.",
            "",
        ],
        line_label: "Tag to paste into dev.to",
        line_what: "dev.to tag",
        alt_heading: "Without CodePen: an image and a link",
        alt_steps: [
            "Download the figure with the {files} button above.",
            "Upload it with the editor's image button: dev.to writes a ![](…) line with the image's address.",
            "Replace that line with the Markdown below, putting dev.to's address where it says (image address).",
        ],
        md_label: "Markdown for dev.to (alt text and a link to the original page)",
        md_what: "Markdown",
    },
    medium: PenPlatformWords {
        label: "Medium",
        steps: [
            "Medium does not take another site's iframe, but it embeds a CodePen pen when you paste the pen's address.",
            "Click “Create a pen on CodePen” below: a pen holding this figure opens in a new tab. Sign in to CodePen and save it.",
            "Paste the saved pen's address into the field below to check it and get the address to paste.",
            "Paste that address on an empty line of your story and press Enter.",
            "",
        ],
        line_label: "Address to paste into Medium",
        line_what: "pen address",
        alt_heading: "Without CodePen: an image and a link",
        alt_steps: PEN_ALT_STEPS,
        md_label: "",
        md_what: "",
    },
    tistory: HtmlPlatformWords {
        label: "Tistory",
        steps: [
            "Switch the editor from its basic mode to HTML mode (top right).",
            "Paste the code below where the figure should go. Readers can play with the figure in the post; its height is set to fit.",
            "(Optional) Put the script below once in your skin's HTML, before </body>, and the frame follows the figure's height. If Tistory strips the iframe, use the image and link above.",
        ],
        code_label: "Code for Tistory's HTML mode (<iframe>)",
        script_label: "Once in Tistory's skin HTML (optional, a script that fits the height)",
    },
    html: HtmlPlatformWords {
        label: "HTML page",
        steps: [
            "For a page you write yourself, or any editor that lets you add raw HTML.",
            "Paste the code below where the figure should go. Its height is set to fit the figure.",
            "Where scripts are allowed, add the script below once to the page: the frame then follows the figure's height.",
        ],
        code_label: "Code to paste into the HTML (<iframe>)",
        script_label: "Once per page (a script that fits the height)",
    },
    naver: PhotoPlatformWords {
        label: "Naver Blog",
        steps: PHOTO_STEPS,
        card_label: "The figure's page (it becomes this figure's link card)",
        alt_label: "Photo caption (alt text)",
    },
    brunch: PhotoPlatformWords {
        label: "Brunch",
        steps: PHOTO_STEPS,
        card_label: "The figure's page (it becomes this figure's link card)",
        alt_label: "Photo caption (alt text)",
    },
    wordpress: OembedPlatformWords {
        label: "WordPress",
        steps: OEMBED_STEPS,
        link_label: "The figure's page, to paste into WordPress",
    },
    ghost: OembedPlatformWords {
        label: "Ghost",
        steps: OEMBED_STEPS,
        link_label: "The figure's page, to paste into Ghost",
    },
    discourse: OembedPlatformWords {
        label: "Discourse",
        steps: OEMBED_STEPS,
        link_label: "The figure's page, to paste into Discourse",
    },
    markdown: MarkdownPlatformWords {
        label: "Markdown",
        steps: [
            "Download the figure with the {files} button above and upload it with your post.",
            "Paste the Markdown below where the figure should go, putting the uploaded image's address where it says (image address).",
            "The link under the image takes a reader to a page where the figure can be played with.",
        ],
        md_label: "Markdown (alt text and a link to the original page)",
        md_what: "Markdown",
    },
    export: ExportWords {
        bar_name: "Download the figure",
        bar_label: "Download",
        svg: ["SVG", "The figure as shown, as SVG (the same drawing code as lab figure)"],
        png: ["PNG", "The figure as shown, as PNG (1×)"],
        png2: ["PNG 2×", "The figure as shown, as PNG at twice the resolution"],
        trace_json: ["Trace JSON", "The trace of this setting's run (as lab run --trace writes it)"],
        metrics_csv: ["Metrics CSV", "The runs of the metrics table under the figure, as CSV"],
        gif: ["GIF", "The whole played span as an animated GIF (the figure's own colors, the frames of lab figure --animate)"],
        frames: "Frames",
        story_gif: [
            "Story GIF",
            "A GIF that shows each scene of the story with its sentence for a few seconds (as lab figure --story, with the credit and link)",
        ],
        sweep_svg: ["SVG", "The map as shown, as SVG (the same drawing code as lab figure, from the grid already computed)"],
        sweep_png: ["PNG", "The map as shown, as PNG (1×)"],
        sweep_png2: ["PNG 2×", "The map as shown, as PNG at twice the resolution"],
        grid_json: [
            "Grid JSON",
            "Each cell's result: the axis values, the mean, min and max over seeds, the cell's lab run query (as lab sweep --format json; a parameter map has no single run's trace)",
        ],
        cells_csv: ["Cells CSV", "One row per cell: the axis values, the number of seeds, the mean over-approval and throughput, the cell's lab run query"],
        sweep_hint: "You can download once the grid is computed.",
        share: "Share",
        share_waiting: "Making the embed code…",
        share_failed: "Could not make the embed code",
        blog_files: "Blog files: 720px wide (390px for phones), text at least 13px, the credit and link underneath",
        blog_buttons: ["Blog PNG", "Blog SVG", "Blog PNG (phone)", "Blog GIF"],
        file_failed: "Could not make the {label} file",
        making: "Making the {label} file…",
        grid_not_ready: "You can download once the grid is computed",
        asked: "Asked the browser to download the {label} file. Check its downloads list.",
        asked_sandboxed: "Asked the browser to download the {label} file. This figure is in a sandboxed iframe, though: unless the host page allows downloads (allow-downloads), no file arrives. If so, open the original page through the link under the figure and download it there.",
        failed_because: "Could not make the {label} file: {why}",
        frames_range: "Set the number of frames to a whole number from {min} to {max}",
        gif_too_large: "The GIF is too large (at most {mb} MB). Use fewer frames, or narrow the window to make the figure narrower.",
        story_too_large: "The story GIF is over {mb} MB. Change the settings and try again.",
        attribution: "Consistency Lab",
        story_heading: "{title} · story {scene}/{scenes}",
        vote_csv: [
            "Double votes",
            "Amnesia",
            "False memory",
            "Recoveries",
            "Validators that fenced themselves",
            "Forks",
            "Crash time (ms)",
            "Restart time (ms)",
            "Crash point (events)",
            "Validators blocked at the end",
            "Both transactions finalized",
            "Sent before durable",
            "Connection returned with work pending",
            "Events processed",
        ],
    },
};
