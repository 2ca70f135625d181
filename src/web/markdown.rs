//! Markdown → Yew VNodes (after yew's examples/futures): the chapters are
//! rendered as virtual DOM, never through `inner_html`. Raw HTML in the
//! markdown is dropped.

use pulldown_cmark::{Alignment, Event, Options, Parser, Tag, TagEnd};
use yew::virtual_dom::{VNode, VTag, VText};
use yew::Html;

/// Renders markdown to a list of nodes.
pub fn render(markdown: &str) -> Html {
    let mut opts = Options::empty();
    opts.insert(Options::ENABLE_TABLES);
    opts.insert(Options::ENABLE_STRIKETHROUGH);
    let mut root = VTag::new("div");
    root.add_attribute("class", "prose");
    let mut stack: Vec<VTag> = vec![root];
    let mut aligns: Vec<Alignment> = Vec::new();
    let mut cell = 0usize;
    let mut in_head = false;
    let mut in_image = false;
    let mut image_alt = String::new();

    fn pop_into(stack: &mut Vec<VTag>) {
        if stack.len() > 1 {
            let top = stack.pop().expect("checked");
            stack.last_mut().expect("checked").add_child(top.into());
        }
    }

    for event in Parser::new_ext(markdown, opts) {
        match event {
            Event::Start(tag) => match tag {
                Tag::Paragraph => stack.push(VTag::new("p")),
                Tag::Heading { level, .. } => stack.push(VTag::new(format!("h{}", (level as usize).clamp(1, 6)))),
                Tag::BlockQuote(_) => stack.push(VTag::new("blockquote")),
                Tag::CodeBlock(_) => {
                    stack.push(VTag::new("pre"));
                    stack.push(VTag::new("code"));
                }
                Tag::List(Some(start)) => {
                    let mut t = VTag::new("ol");
                    if start != 1 {
                        t.add_attribute("start", start.to_string());
                    }
                    stack.push(t);
                }
                Tag::List(None) => stack.push(VTag::new("ul")),
                Tag::Item => stack.push(VTag::new("li")),
                Tag::Table(a) => {
                    aligns = a;
                    let mut wrap = VTag::new("div");
                    wrap.add_attribute("class", "table-wrap");
                    stack.push(wrap);
                    stack.push(VTag::new("table"));
                }
                Tag::TableHead => {
                    in_head = true;
                    cell = 0;
                    stack.push(VTag::new("thead"));
                    stack.push(VTag::new("tr"));
                }
                Tag::TableRow => {
                    cell = 0;
                    stack.push(VTag::new("tr"));
                }
                Tag::TableCell => {
                    let mut t = VTag::new(if in_head { "th" } else { "td" });
                    match aligns.get(cell) {
                        Some(Alignment::Right) => t.add_attribute("class", "num"),
                        Some(Alignment::Center) => t.add_attribute("class", "center"),
                        _ => {}
                    }
                    cell += 1;
                    stack.push(t);
                }
                Tag::Emphasis => stack.push(VTag::new("em")),
                Tag::Strong => stack.push(VTag::new("strong")),
                Tag::Strikethrough => stack.push(VTag::new("del")),
                Tag::Link { dest_url, title, .. } => {
                    let mut a = VTag::new("a");
                    a.add_attribute("href", dest_url.to_string());
                    if !title.is_empty() {
                        a.add_attribute("title", title.to_string());
                    }
                    stack.push(a);
                }
                Tag::Image { .. } => {
                    in_image = true;
                    image_alt.clear();
                }
                _ => stack.push(VTag::new("span")),
            },
            Event::End(end) => match end {
                TagEnd::Image => {
                    in_image = false;
                    let mut s = VTag::new("span");
                    s.add_child(VText::new(image_alt.clone()).into());
                    stack.last_mut().expect("root").add_child(s.into());
                }
                TagEnd::CodeBlock | TagEnd::Table | TagEnd::TableHead => {
                    if end == TagEnd::TableHead {
                        in_head = false;
                    }
                    pop_into(&mut stack);
                    pop_into(&mut stack);
                }
                _ => pop_into(&mut stack),
            },
            Event::Text(t) => {
                if in_image {
                    image_alt.push_str(&t);
                } else {
                    stack.last_mut().expect("root").add_child(VText::new(t.to_string()).into());
                }
            }
            Event::Code(t) => {
                let mut c = VTag::new("code");
                c.add_child(VText::new(t.to_string()).into());
                stack.last_mut().expect("root").add_child(c.into());
            }
            Event::SoftBreak => stack.last_mut().expect("root").add_child(VText::new(" ").into()),
            Event::HardBreak => stack.last_mut().expect("root").add_child(VTag::new("br").into()),
            Event::Rule => stack.last_mut().expect("root").add_child(VTag::new("hr").into()),
            // Raw HTML is never interpreted.
            _ => {}
        }
    }
    while stack.len() > 1 {
        pop_into(&mut stack);
    }
    VNode::from(stack.pop().expect("root"))
}
