//! The page: header, chapter navigation, the current chapter's prose with
//! its figures in place, and the URL ↔ state routing.

use gloo::events::EventListener;
use yew::prelude::*;

use std::rc::Rc;

use super::content::{fetch_chapter_html, fill_sim_placeholders, Chapter};
use super::figure::{Figure, InitState};
use super::page_words::words;
use super::predict::PredictBox;
use super::sweep_figure::SweepFigure;
use super::url;
use crate::content::predict::PREDICTIONS;
use crate::content::prose::{split_chapter, Block};
use crate::content::shell;
use crate::figures::figure_spec;
use lab_model::permalink;
use lab_model::registry::FigureSpec;

/// The chapters of both articles and the glossary, titled in the page's language.
pub fn site_chapters() -> Vec<Chapter> {
    crate::content::shell::chapters_in(super::page_words::words())
}

fn current_search() -> String {
    gloo::utils::window().location().search().unwrap_or_default()
}

/// The chapter whose static page (`ID.html`, `crate::content::prerender`)
/// this is, if it is one: the chapter shown when the address names none.
fn page_chapter() -> Option<String> {
    let path = gloo::utils::window().location().pathname().ok()?;
    let id = path.rsplit('/').next()?.strip_suffix(".html")?;
    site_chapters().iter().any(|c| c.id == id).then(|| id.to_string())
}

pub enum Msg {
    Go(String),
    PopState,
    /// A chapter's rendered prose arrived (or failed to).
    Loaded(&'static str, Result<Rc<str>, String>),
    /// A prediction sets a figure to a state: `(figure id, permalink)`.
    SetFigure(&'static str, String),
}

/// Where the current chapter's text stands.
enum Prose {
    Loading(&'static str),
    /// The chapter's HTML (`content/html/ID.html`) with its `{{sim:…}}` numbers filled in.
    Ready(&'static str, Rc<str>),
    Failed(&'static str, String),
}

pub struct App {
    route: url::Route,
    prose: Prose,
    /// How many times a prediction has set each figure's state: part of the
    /// figure's key, so it starts again from the new address.
    remounts: crate::sim::sorted::OrdMap<&'static str, u32>,
    _popstate: EventListener,
}

impl App {
    fn chapter_id(&self) -> String {
        let all = site_chapters();
        match &self.route.chapter {
            Some(c) if all.iter().any(|x| x.id == c) => c.clone(),
            _ => page_chapter().or_else(|| all.first().map(|c| c.id.to_string())).unwrap_or_default(),
        }
    }

    /// Starts fetching the current chapter unless it is already here or on its way.
    fn load_current(&mut self, ctx: &Context<Self>) {
        let Some(chapter) = site_chapters().into_iter().find(|c| c.id == self.chapter_id()) else { return };
        let have = match &self.prose {
            Prose::Loading(id) | Prose::Ready(id, _) => *id == chapter.id,
            Prose::Failed(..) => false,
        };
        if have {
            return;
        }
        self.prose = Prose::Loading(chapter.id);
        // An Article B chapter's figures come from the `figures` module
        // (web::vote_mount): it is fetched beside the chapter's text, not after it.
        if shell::chapter_code(chapter.id).is_some_and(|code| code.starts_with('B')) {
            super::lazy_figures::load(Callback::noop());
        }
        let link = ctx.link().clone();
        yew::platform::spawn_local(async move {
            let result = fetch_chapter_html(chapter).await.map(|html| Rc::from(fill_sim_placeholders(&html)));
            link.send_message(Msg::Loaded(chapter.id, result));
        });
    }
}

impl Component for App {
    type Message = Msg;
    type Properties = ();

    fn create(ctx: &Context<Self>) -> Self {
        let link = ctx.link().clone();
        let popstate =
            EventListener::new(&gloo::utils::window(), "popstate", move |_| link.send_message(Msg::PopState));
        let mut app = App {
            route: url::parse(&current_search()),
            prose: Prose::Loading(""),
            remounts: Default::default(),
            _popstate: popstate,
        };
        match app.route.embed.as_deref().and_then(embed_figure) {
            Some(id) => super::embed::start(id, app.route.theme),
            // Embed mode needs no chapter text.
            None if app.route.embed.is_some() => {}
            None => app.load_current(ctx),
        }
        app
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Go(id) => {
                let search = permalink::chapter(&id);
                url::push_url(&search);
                self.route = url::parse(&search);
                gloo::utils::window().scroll_to_with_x_and_y(0.0, 0.0);
            }
            Msg::PopState => self.route = url::parse(&current_search()),
            Msg::SetFigure(figure, search) => {
                url::push_url(&search);
                self.route = url::parse(&search);
                *self.remounts.entry(figure).or_default() += 1;
            }
            Msg::Loaded(id, result) => {
                // A late answer for a chapter the reader already left is dropped.
                if !matches!(self.prose, Prose::Loading(loading) if loading == id) {
                    return false;
                }
                self.prose = match result {
                    Ok(text) => Prose::Ready(id, text),
                    Err(why) => Prose::Failed(id, why),
                };
                return true;
            }
        }
        self.load_current(ctx);
        true
    }

    fn rendered(&mut self, _ctx: &Context<Self>, _first: bool) {
        // Figure 8-1's mount, if this render put one on the page, goes to the
        // `check` module; Article B's show their figures (the `figures`
        // module's), and those this render took off the page are parked.
        super::break_it_mount::mount_new();
        super::vote_mount::sync();
        if super::takeover::pending() {
            match &self.prose {
                // The prerendered chapter stays until the live one has its text.
                Prose::Loading(_) if self.route.embed.is_none() => return,
                Prose::Failed(id, why)
                    if self.route.embed.is_none() && super::takeover::shown().as_deref() == Some(*id) =>
                {
                    super::takeover::keep_prerendered(why);
                    return;
                }
                // Its Article B figures drawn first, by the `figures` module.
                _ => super::vote_mount::reveal_when_shown(self.chapter_id()),
            }
        }
        super::reader_view::reveal_current_chapter();
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        if let Some(asked) = &self.route.embed {
            return self.view_embed(asked);
        }
        let all = site_chapters();
        // The frame's words in the page's language (content::shell).
        let frame = shell::Frame::new(words());
        let sw = &frame.words.shell;
        let current = self.chapter_id();
        let chapter = all.iter().find(|c| c.id == current).copied();
        let unknown_chapter = matches!(&self.route.chapter, Some(c) if *c != current);
        let pos = all.iter().position(|c| c.id == current).unwrap_or(0);
        let nav_link = |c: &Chapter, class: &'static str, text: String| {
            let id = c.id.to_string();
            let onclick = ctx.link().callback(move |e: MouseEvent| {
                e.prevent_default();
                Msg::Go(id.clone())
            });
            html! { <a class={class} href={permalink::chapter(c.id)} {onclick}>{ text }</a> }
        };
        html! {
            <>
            <a class="skip" href="#content">{ sw.skip_link }</a>
            <header class="site-header">
                <p class="site-title"><a href="?">{ sw.site_title }</a></p>
                <p class="site-sub">{ sw.site_sub }</p>
                // The other edition's same page, read from the static header
                // this one replaces (lang_switch), kept on the address's state.
                { super::lang_switch::view() }
            </header>
            <div class="layout">
                <nav class="chapters" aria-label={sw.chapter_map_label}>
                    <ol>
                        // Each chapter by its code and a few words; the one
                        // being read by its whole title (shell::Frame::nav_items, as
                        // the static pages draw it).
                        { for frame.nav_items(&current).into_iter().map(|item| {
                            let c = item.chapter;
                            let id = c.id.to_string();
                            let onclick = ctx.link().callback(move |e: MouseEvent| { e.prevent_default(); Msg::Go(id.clone()) });
                            html! {
                                <li class={item.row}>
                                    <a href={permalink::chapter(c.id)} title={c.title} aria-current={item.current.then_some("page")} {onclick}>
                                        { match item.code { Some(code) => html! { <><span class="nav-code">{ code }</span>{ " " }</> }, None => html! {} } }
                                        { item.text }
                                    </a>
                                </li>
                            }
                        }) }
                    </ol>
                </nav>
                <main id="content" tabindex="-1">
                    { if unknown_chapter { html! {
                        <div class="notice" role="status"><p>{ words().fill(words().ui.page.unknown_chapter, &[("ch", self.route.chapter.as_deref().unwrap_or_default())]) }</p></div>
                    } } else { html!{} } }
                    { if !self.route.notices.is_empty() && self.route.figure.is_none() { html! {
                        <div class="notice" role="status">{ for self.route.notices.iter().map(|n| html! { <p>{ n }</p> }) }</div>
                    } } else { html!{} } }
                    { if pos == 0 && !unknown_chapter { html! {
                        <super::hook::Hook on_go={ctx.link().callback(Msg::Go)} />
                    } } else { html!{} } }
                    { match chapter { Some(c) => self.view_chapter(ctx, c), None => html! { <p>{ words().ui.page.no_chapter }</p> } } }
                    // The pager comes with the chapter's text: shown under a
                    // "loading" line, it would jump down when the text arrives.
                    { if matches!(self.prose, Prose::Loading(_)) { html!{} } else { html! {
                        <nav class="pager" aria-label={sw.pager_label}>
                            { if pos > 0 { nav_link(&all[pos - 1], "prev", frame.previous_label(all[pos - 1].title)) } else { html!{} } }
                            { if pos + 1 < all.len() { nav_link(&all[pos + 1], "next", frame.next_label(all[pos + 1].title)) } else { html!{} } }
                        </nav>
                    } } }
                </main>
            </div>
            <footer class="site-footer">
                <p>{ sw.footer }</p>
            </footer>
            </>
        }
    }
}

/// The figure id an `embed=` value names, if it is a figure of the site.
fn embed_figure(asked: &str) -> Option<&'static str> {
    if let Some(spec) = figure_spec(asked) {
        return Some(spec.id);
    }
    if let Some(kind) = lab_model::params::SweepKind::from_figure_id(asked) {
        return Some(kind.figure_id());
    }
    lab_model::registry::figure_of(lab_model::registry::Scenario::Vote, asked).map(|f| f.id)
}

impl App {
    /// Embed mode: exactly one figure, its controls, a link to the full page; no header, nav, prose or footer.
    fn view_embed(&self, asked: &str) -> Html {
        let Some(id) = embed_figure(asked) else {
            return html! {
                <main id="content" class="embed">
                    <div class="notice" role="alert">
                        <p>{ words().fill(words().ui.page.unknown_embed, &[("asked", asked)]) }</p>
                        <p><a href="?" target="_top">{ words().ui.page.go_home }</a></p>
                    </div>
                </main>
            };
        };
        let chapter = crate::figures::export::figure_chapter(id)
            .map(str::to_string)
            .unwrap_or_else(|| site_chapters().first().map(|c| c.id.to_string()).unwrap_or_default());
        // The full page: the chapter that places the figure, with the same state.
        let full = permalink::figure_in_chapter(&chapter, id, &current_search());
        let site = words().shell.site_title;
        let title = site_chapters().into_iter().find(|c| c.id == chapter).map(|c| c.title).unwrap_or(site);
        let figure = match figure_spec(id) {
            Some(spec) => {
                let init = self.route_init(spec);
                html! { <Figure key={format!("embed/{id}")} id={spec.id} chapter={chapter.clone()} init={Some(init)} sync_url={false} /> }
            }
            // Vote and sweep figures read their state from the address themselves.
            None => self.view_figure(&chapter, id),
        };
        html! {
            <main id="content" class={classes!("embed", self.route.bare.then_some("embed-bare"))}>
                { figure }
                <p class="embed-back">
                    <a href={full} target="_blank" rel="noopener">{ shell::Frame::new(words()).embed_back_label(title) }</a>
                </p>
            </main>
        }
    }

    fn view_chapter(&self, ctx: &Context<Self>, c: Chapter) -> Html {
        let html = match &self.prose {
            Prose::Ready(id, text) if *id == c.id => text.clone(),
            Prose::Failed(id, why) if *id == c.id => {
                return html! {
                    <div class="notice" role="alert">
                        <p>{ words().fill(words().ui.page.chapter_failed, &[("title", c.title), ("why", why)]) }</p>
                    </div>
                };
            }
            _ => {
                return html! { <p class="loading" role="status" aria-live="polite">{ words().fill(words().ui.page.chapter_loading, &[("title", c.title)]) }</p> }
            }
        };
        html! {
            <article class="chapter" key={c.id}>
                { for split_chapter(&html).into_iter().map(|b| match b {
                    // Our own build's HTML (src/content/prose.rs: escaped text, raw
                    // HTML dropped), with numbers from `sim` filled in as
                    // escaped text; nothing from the URL reaches it.
                    Block::Html(prose) => Html::from_html_unchecked(AttrValue::from(prose.to_string())),
                    Block::Figure(fid) => html! {<>
                        // A prediction about this figure echoes the reader's guess and the
                        // answer here, just above the figure it sets (`web::predict`).
                        { if PREDICTIONS.iter().any(|p| p.figure == fid) { html! {
                            <div class="predict-echo" id={super::predict::echo_slot_id(fid)}></div>
                        } } else { html!{} } }
                        { self.view_figure(c.id, fid) }
                    </>},
                    Block::Story(fid) => html! {
                        <super::story_lead::StoryLead key={format!("story/{fid}")} figure={fid.to_string()} />
                    },
                    Block::Predict(pid) => html! {
                        <PredictBox key={format!("predict/{pid}")} id={pid.to_string()} on_apply={ctx.link().callback(|(f, s)| Msg::SetFigure(f, s))} />
                    },
                }) }
            </article>
        }
    }

    /// The state the URL asks of the figure it targets (`spec`).
    fn route_init(&self, spec: &FigureSpec) -> InitState {
        InitState {
            query: self.route.query.clone().unwrap_or_else(|| spec.initial_query()),
            notices: self.route.notices.clone(),
            cursor_us: self.route.cursor_us,
            event: self.route.event,
            window_ms: self.route.window_ms,
            reveal_ledger: self.route.reveal_ledger,
            recorded: self.route.recorded,
            answered: self.remounts.contains_key(spec.id),
        }
    }

    /// A figure's key: its chapter and id, and how often a prediction set its state.
    fn figure_key(&self, chapter: &str, id: &str) -> String {
        match self.remounts.get(id) {
            Some(n) => format!("{chapter}/{id}/{n}"),
            None => format!("{chapter}/{id}"),
        }
    }

    fn view_figure(&self, chapter: &str, fid: &str) -> Html {
        if let Some(kind) = lab_model::params::SweepKind::from_figure_id(fid) {
            return html! {
                <SweepFigure key={self.figure_key(chapter, kind.figure_id())} kind_id={kind.figure_id()} chapter={chapter.to_string()} />
            };
        }
        if let Some(spec) = lab_model::registry::figure_of(lab_model::registry::Scenario::Vote, fid) {
            // Article B's figures are the `figures` module's to render (web::vote_mount).
            let generation = self.remounts.get(spec.id).copied().unwrap_or_default();
            return super::vote_mount::figure(spec, chapter, generation);
        }
        // Figure 8-1: its mount, which the lazily loaded `check` module fills.
        // The module judges the figure's own keys and says what it could not
        // use; what the page's reader found wrong with the rest is said here.
        if let Some(spec) = lab_model::registry::figure_of(lab_model::registry::Scenario::Check, fid) {
            let addressed = self.route.figure.as_deref() == Some(fid) && !self.route.notices.is_empty();
            return html! {<>
                { if addressed { html! {
                    <div class="notice" role="status">{ for self.route.notices.iter().map(|n| html! { <p>{ n }</p> }) }</div>
                } } else { html!{} } }
                { super::break_it_mount::figure(spec) }
            </>};
        }
        if fid == super::side_by_side::SIDE_BY_SIDE_ID {
            // The five panels share one fixed setting: an address's values
            // for them are not applied, and what was wrong with them is said.
            let addressed = self.route.figure.as_deref() == Some(fid) && !self.route.notices.is_empty();
            return html! {<>
                { if addressed { html! {
                    <div class="notice" role="status">
                        { for self.route.notices.iter().map(|n| html! { <p>{ n }</p> }) }
                        <p>{ words().ui.page.side_by_side_fixed }</p>
                    </div>
                } } else { html!{} } }
                <super::side_by_side::SideBySide key={format!("{chapter}/{fid}")} />
            </>};
        }
        let Some(spec) = figure_spec(fid) else {
            return html! { <div class="figure-missing"><p>{ words().fill(words().ui.page.figure_missing, &[("id", fid)]) }</p></div> };
        };
        let targeted = self.route.figure.as_deref() == Some(spec.id);
        let init = if targeted { Some(self.route_init(spec)) } else { None };
        html! { <Figure key={self.figure_key(chapter, spec.id)} id={spec.id} chapter={chapter.to_string()} {init} /> }
    }
}
