//! A platform's live path in the share panel's blog kit (velog's, and in
//! the English kit dev.to's and Medium's): the form that creates a CodePen
//! pen holding the figure's embed (CodePen's prefill API: a POST of one
//! field, `data`, the pen's JSON, to a new tab), the field where the writer
//! pastes the saved pen's address and gets the exact line the platform
//! takes (velog's `!codepen[…]`, `lab_model::share::PenLine`), and the
//! image-and-link path's heading and steps. Every word comes from
//! `lab_words::share` (its [`Pen`]), every address from `lab_model::share`;
//! this lays them out as text (input and textarea values, text nodes), never
//! markup, in the lazily loaded `figures` module (`super::export_files`
//! calls [`add`] when such a platform is the chosen one). The copy button is
//! the panel's own (`data-copy`, handled by `export_files::on_click`). The
//! page's CSP allows this one form's action, `form-action
//! https://codepen.io` (scripts/trunk-post-build.mjs).

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement, HtmlTextAreaElement};

use lab_words::share::Pen;

/// A new element of the page with `class` (none when empty).
fn element(tag: &str, class: &str) -> Element {
    let element = gloo::utils::document().create_element(tag).expect("a valid tag name");
    if !class.is_empty() {
        element.set_class_name(class);
    }
    element
}

fn set(element: &Element, pairs: &[(&str, &str)]) {
    for (name, value) in pairs {
        let _ = element.set_attribute(name, value);
    }
}

/// Appends a platform's CodePen path to `container` (the blog kit's fields) for figure `id`.
pub fn add(container: &Element, id: &str, pen: &Pen) {
    let section = element("div", "velog-pen");
    if let Some(warning) = &pen.warning {
        let note = element("p", "pen-warning");
        set(&note, &[("role", "note")]);
        note.set_text_content(Some(warning));
        let _ = section.append_child(&note);
    }

    let form = element("form", "pen-form");
    set(&form, &[("method", "post"), ("action", pen.action), ("target", "_blank"), ("rel", "noopener")]);
    let data: HtmlInputElement = element("input", "").unchecked_into();
    data.set_type("hidden");
    data.set_name("data");
    data.set_value(&pen.data);
    let submit = element("button", "btn pen-create");
    set(&submit, &[("type", "submit")]);
    submit.set_text_content(Some(pen.button));
    let _ = form.append_with_node_2(&data, &submit);
    let _ = section.append_child(&form);

    let address_id = format!("{id}-pen-address");
    let address_label = element("label", "");
    set(&address_label, &[("for", &address_id)]);
    address_label.set_text_content(Some(pen.address_label));
    let address: HtmlInputElement = element("input", "pen-address").unchecked_into();
    address.set_type("url");
    address.set_id(&address_id);
    address.set_placeholder(pen.address_placeholder);
    set(&address, &[("autocomplete", "off"), ("spellcheck", "false"), ("inputmode", "url")]);

    let line = &pen.line;
    let line_id = format!("{id}-{}", line.class);
    let line_label = element("label", "");
    set(&line_label, &[("for", &line_id)]);
    line_label.set_text_content(Some(&line.label));
    let area: HtmlTextAreaElement = element("textarea", &line.class).unchecked_into();
    area.set_id(&line_id);
    area.set_read_only(true);
    area.set_rows(line.rows);
    area.set_value(&line.value);
    let copy = element("button", "btn");
    set(
        &copy,
        &[
            ("type", "button"),
            ("data-copy", &line.class),
            ("data-copied", &line.copied),
            ("data-not-copied", &line.not_copied),
            ("disabled", ""),
        ],
    );
    copy.set_text_content(Some(line.copy_label()));
    let status = element("p", "pen-status");
    set(&status, &[("aria-live", "polite")]);
    status.set_text_content(Some(pen.line_empty));
    let _ = area.set_attribute("aria-describedby", &format!("{line_id}-status"));
    status.set_id(&format!("{line_id}-status"));

    let update = {
        let (address, area, copy, status) = (address.clone(), area.clone(), copy.clone(), status.clone());
        let (empty, bad, style) = (pen.line_empty, pen.address_bad, pen.line_style);
        move || {
            let typed = address.value();
            let made = style.line(&typed);
            area.set_value(made.as_deref().unwrap_or_default());
            let _ = if made.is_some() { copy.remove_attribute("disabled") } else { copy.set_attribute("disabled", "") };
            let said = match (&made, typed.trim().is_empty()) {
                (Some(_), _) => "",
                (None, true) => empty,
                (None, false) => bad,
            };
            status.set_text_content(Some(said));
            let _ = address.set_attribute(
                "aria-invalid",
                if made.is_none() && !typed.trim().is_empty() { "true" } else { "false" },
            );
        }
    };
    gloo::events::EventListener::new(&address, "input", move |_| update()).forget();
    let select = area.clone();
    gloo::events::EventListener::new(&area, "focus", move |_| select.select()).forget();
    let _ = section.append_with_node_4(&address_label, &address, &line_label, &area);
    let _ = section.append_with_node_2(&copy, &status);

    let heading = element("p", "blog-alt-heading");
    heading.set_text_content(Some(pen.alt_heading));
    let steps = element("ol", "blog-alt-steps");
    for step in &pen.alt_steps {
        let item = element("li", "");
        item.set_text_content(Some(step));
        let _ = steps.append_child(&item);
    }
    let _ = section.append_with_node_2(&heading, &steps);
    let _ = container.append_child(&section);
}
