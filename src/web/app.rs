//! The page: header, chapter navigation, the current chapter's prose with
//! its figures in place, and the URL ↔ state routing.

use gloo::events::EventListener;
use wasm_bindgen::JsValue;
use yew::prelude::*;

use super::content::{chapters, fill_sim_placeholders, split_blocks, Block, Chapter};
use super::figure::{Figure, InitState};
use super::{markdown, url};
use crate::figures::figure_spec;

/// The chapters of the lock-lease article (Article A) and the glossary.
pub fn site_chapters() -> Vec<Chapter> {
    chapters().into_iter().collect()
}

fn current_search() -> String {
    gloo::utils::window().location().search().unwrap_or_default()
}

pub enum Msg {
    Go(String),
    PopState,
}

pub struct App {
    route: url::Route,
    _popstate: EventListener,
}

impl App {
    fn chapter_id(&self) -> String {
        let all = site_chapters();
        match &self.route.chapter {
            Some(c) if all.iter().any(|x| x.id == c) => c.clone(),
            _ => all.first().map(|c| c.id.to_string()).unwrap_or_default(),
        }
    }
}

impl Component for App {
    type Message = Msg;
    type Properties = ();

    fn create(ctx: &Context<Self>) -> Self {
        let link = ctx.link().clone();
        let popstate = EventListener::new(&gloo::utils::window(), "popstate", move |_| link.send_message(Msg::PopState));
        App { route: url::parse(&current_search()), _popstate: popstate }
    }

    fn update(&mut self, _ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Go(id) => {
                let search = url::chapter_search(&id);
                if let Ok(h) = gloo::utils::window().history() {
                    let _ = h.push_state_with_url(&JsValue::NULL, "", Some(&search));
                }
                self.route = url::parse(&search);
                gloo::utils::window().scroll_to_with_x_and_y(0.0, 0.0);
            }
            Msg::PopState => self.route = url::parse(&current_search()),
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let all = site_chapters();
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
            html! { <a class={class} href={url::chapter_search(c.id)} {onclick}>{ text }</a> }
        };
        html! {
            <>
            <a class="skip" href="#content">{ "본문으로 건너뛰기" }</a>
            <header class="site-header">
                <p class="site-title"><a href="?">{ "정합성 실험실" }</a></p>
                <p class="site-sub">{ "두 편의 정합성 실험을 브라우저 안의 결정적 시뮬레이션으로 다시 돌려 보기" }</p>
            </header>
            <div class="layout">
                <nav class="chapters" aria-label="장 목록">
                    <ol>
                        { for all.iter().map(|c| {
                            let cur = c.id == current;
                            let id = c.id.to_string();
                            let onclick = ctx.link().callback(move |e: MouseEvent| { e.prevent_default(); Msg::Go(id.clone()) });
                            html! {
                                <li>
                                    <a href={url::chapter_search(c.id)} aria-current={if cur { Some("page") } else { None }} {onclick}>{ c.title }</a>
                                </li>
                            }
                        }) }
                    </ol>
                </nav>
                <main id="content" tabindex="-1">
                    { if unknown_chapter { html! {
                        <div class="notice" role="status"><p>{ format!("주소의 ch={} 장은 없어서 첫 장을 보여 줍니다.", self.route.chapter.clone().unwrap_or_default()) }</p></div>
                    } } else { html!{} } }
                    { if !self.route.notices.is_empty() && self.route.figure.is_none() { html! {
                        <div class="notice" role="status">{ for self.route.notices.iter().map(|n| html! { <p>{ n }</p> }) }</div>
                    } } else { html!{} } }
                    { match chapter { Some(c) => self.view_chapter(c), None => html! { <p>{ "장을 찾을 수 없습니다." }</p> } } }
                    <nav class="pager" aria-label="이전·다음 장">
                        { if pos > 0 { nav_link(&all[pos - 1], "prev", format!("← {}", all[pos - 1].title)) } else { html!{} } }
                        { if pos + 1 < all.len() { nav_link(&all[pos + 1], "next", format!("{} →", all[pos + 1].title)) } else { html!{} } }
                    </nav>
                </main>
            </div>
            <footer class="site-footer">
                <p>{ "모든 수치와 그림은 브라우저 안에서 결정적 시뮬레이션(Rust → WebAssembly)으로 계산합니다. 같은 주소는 언제나 같은 그림을 그립니다." }</p>
            </footer>
            </>
        }
    }
}

impl App {
    fn view_chapter(&self, c: Chapter) -> Html {
        let text = fill_sim_placeholders(c.markdown);
        html! {
            <article class="chapter" key={c.id}>
                { for split_blocks(&text).into_iter().map(|b| match b {
                    Block::Markdown(md) => markdown::render(&md),
                    Block::Figure(fid) => self.view_figure(c.id, &fid),
                }) }
            </article>
        }
    }

    fn view_figure(&self, chapter: &str, fid: &str) -> Html {
        if let Some(h) = super::vote_figure::view_vote_figure(chapter, fid) { return h; }
        let Some(spec) = figure_spec(fid) else {
            return html! { <div class="figure-missing"><p>{ format!("그림 {fid}은(는) 아직 준비 중입니다.") }</p></div> };
        };
        let targeted = self.route.figure.as_deref() == Some(spec.id);
        let init = if targeted {
            Some(InitState {
                query: self.route.query.clone().unwrap_or_else(|| spec.initial_query()),
                notices: self.route.notices.clone(),
                cursor_us: self.route.cursor_us,
                event: self.route.event,
                window_ms: self.route.window_ms,
                reveal_ledger: self.route.reveal_ledger,
            })
        } else {
            None
        };
        html! { <Figure key={format!("{chapter}/{}", spec.id)} id={spec.id} chapter={chapter.to_string()} {init} /> }
    }
}
