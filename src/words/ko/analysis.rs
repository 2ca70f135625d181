//! The Korean words of a run's description, its table rows and the article's cells (lab_model::{analysis,article,sweep}).

use crate::analysis::{AnalysisWords, CellNoteWords, EventWords, SweepWords};

/// The Korean table.
pub const ANALYSIS: AnalysisWords = AnalysisWords {
    run: "{variant} 변형, TTL {ttl}ms, 멈춤 {pause_min}~{pause_max}ms, 스레드 {threads}개·지갑 {wallets}개, seed {seed} 실행 {run}: {duration}초 동안 승인 {approvals}건(가능 {possible}건), 소유 겹침 {pairs}쌍, 최대 동시 소유자 {owners}명",
    run_stolen: ", 해제 시 STOLEN {stolen}건",
    run_end: ", 초과 승인 {over}건, drift {drift}원, 원장 음수 지갑 {negative}/{wallets}.",
    window: "타임라인 {t0}~{t1}초 구간: 홀드 {holds}개 중 승인 {approved}건, 소유 겹침 시작 {overlaps}번, 옛 값으로 덮어쓴 쓰기 {stale}번, 해제 시 STOLEN {stolen}건.",
    waits_quiet: " 이 구간에서 행 잠금을 기다린 문장은 없었다.",
    waits_part: "{stmt} {n}번",
    waits: " {parts}이 앞 트랜잭션의 행 잠금이 풀리기를 기다렸고, 가장 긴 대기는 {longest}.",
    longest_tiny: "0.1ms 미만이었다",
    longest: "{ms}ms였다",
    most_ahead: " 가장 긴 줄에서는 앞에 트랜잭션 {n}개가 있었다.",
    stmts: ["FOR SHARE 읽기", "UPDATE", "조건부 UPDATE", "fence 새기기", "fence 확인"],
    anomalies: ["소유 겹침 시작", "옛 값으로 덮어쓴 쓰기", "원장 음수 진입", "해제 시 STOLEN", "fencing 거부"],
    events: EventWords {
        line: "{at}ms: {body}",
        request_started: "스레드 {worker|이/가} 지갑 {wallet}에 결제 요청을 시작",
        acquire_refused: "스레드 {worker}의 SET NX 거절(지갑 {wallet|은/는} 이미 잠김)",
        lock_acquired: "스레드 {worker|이/가} 지갑 {wallet}의 락을 토큰 {token|으로/로} 획득",
        lockless_section: "스레드 {worker|이/가} 락 없이 지갑 {wallet} 구간에 진입",
        balance_read: "스레드 {worker|이/가} 지갑 {wallet} 잔액 {won}원을 읽음",
        fence_rejected_read: "스레드 {worker}의 요청이 읽기 시점 fence 확인에서 거부됨",
        fence_rejected_write: "스레드 {worker}의 요청이 쓰기 시점 fence 확인에서 거부됨",
        balance_written: "스레드 {worker|이/가} 지갑 {wallet} 잔액을 {won}원으로 기록(커밋)",
        insufficient: "스레드 {worker}: 잔액 부족으로 거절",
        released: "스레드 {worker}의 해제 결과: {result}",
        release_results: ["정상 해제", "STOLEN(남의 토큰)", "키가 이미 만료", "락 서버 오류", "해제 없음"],
        lease_extended: "watchdog이 지갑 {wallet}의 토큰 {token} lease를 연장",
        watchdog_saw_lost: "watchdog이 지갑 {wallet}의 lease를 잃은 것을 봄",
        lease_expired: "락 서버에서 지갑 {wallet}의 토큰 {token} lease가 만료",
        response: "스레드 {worker|이/가} 응답을 받음({ms}ms 걸림)",
        process_stopped: "프로세스 {process} 정지(SIGSTOP)",
        process_resumed: "프로세스 {process} 재개",
        lock_server_killed: "락 서버가 죽음",
        lock_server_restarted: "락 서버가 빈 상태로 재기동",
        lock_server_stalled: "락 서버가 잠시 멈칫함",
        row_wait_began: "스레드 {worker}의 {stmt|이/가} 지갑 {wallet}의 {row} 잠금을 기다림(앞에 {ahead})",
        row_lock_granted: "스레드 {worker}의 {stmt|이/가} {ms}ms 기다린 끝에 잠금을 얻음(스레드 {by}의 트랜잭션이 끝남)",
        other: "기타 사건",
        fence_row: "fence 행",
        balance_row: "잔액 행",
    },
    sweep: SweepWords {
        cell_head: "{x_name} {x}, {y_name} {y}",
        computing_cell: "{head}: 아직 계산 중",
        cell: "{head}: 초과 승인 평균 {over_mean} (시드 {seeds}개 범위 {over_min}~{over_max}), 처리량 평균 {thr_mean}건/초",
        grid: "{variant} 격자 {nx}×{ny}({x_name} {x_lo}~{x_hi}, {y_name} {y_lo}~{y_hi}), 칸마다 시드 {seeds}개, 60초 실행. ",
        computing: "계산 중: {done}/{rows}줄 완료. ",
        all_zero: "계산한 {total}칸 모두 초과 승인이 0입니다. ",
        some_over: "초과 승인이 한 번이라도 생긴 칸은 {total}칸 중 {over}칸이고, 가장 큰 평균은 {max_mean}건({x_name} {x}, {y_name} {y})입니다. ",
        safe_from: "{pause} ms → TTL {ttl} ms부터 0",
        never_safe: "{pause} ms → 모든 TTL에서 초과 승인",
        safe_ttls: "멈춤 상한별로 초과 승인이 사라지는 TTL: {parts}. ",
        throughput: "처리량은 {lo}~{hi}건/초입니다.",
    },
    cell_notes: CellNoteWords {
        one_artifact: "(아티팩트 1)",
        no_lock_is_normal: "(락 없음이 정상)",
        same_before_during_after: "전·중·후 동일",
        almost_all_rejected: "(거의 전부 거부)",
        no_lock: "(락 없음)",
        ttl1s_expiry: "TTL 1초에서도 (a) 경로는 3회 중 2회 만료되었습니다. 3회차에는 홀드 4건이 lease 안에서 STOLEN이 되어 초과 승인 4건이 났고, 원문은 그 원인을 락 서버의 멈춤으로 봅니다.",
        c2_restart_rejects: "c-2 + fail-closed: 재기동 뒤 지갑마다 정확히 96건, 실행마다 384건이 읽기 시점 fencing에서 거부되었습니다(3회 모두).",
    },
};

#[cfg(test)]
mod tests {
    use crate::analysis::tests::{summary, window};
    use crate::analysis::{run_description, sweep_description, window_description};
    use crate::{Lang, Words};

    #[test]
    fn korean_descriptions() {
        let ko = Words::of(Lang::Ko);
        assert_eq!(
            run_description(ko, &summary()),
            "(a) 변형, TTL 200ms, 멈춤 300~500ms, 스레드 16개·지갑 4개, seed 1 실행 0: 60초 동안 승인 587건(가능 240건), \
             소유 겹침 1,714쌍, 최대 동시 소유자 3명, 해제 시 STOLEN 410건, 초과 승인 347건, drift 347,000원, 원장 음수 지갑 4/4."
        );
        assert_eq!(
            window_description(ko, &window()),
            "타임라인 0.0~3.0초 구간: 홀드 60개 중 승인 58건, 소유 겹침 시작 1번, 옛 값으로 덮어쓴 쓰기 0번, 해제 시 STOLEN 0건. \
             FOR SHARE 읽기 3번, fence 확인 1번이 앞 트랜잭션의 행 잠금이 풀리기를 기다렸고, 가장 긴 대기는 2.5ms였다. \
             가장 긴 줄에서는 앞에 트랜잭션 2개가 있었다."
        );
    }

    #[test]
    fn a_sweep_s_description_names_its_worst_cell() {
        use lab_model::params::{Axis, SweepKind, SweepSpec};
        use lab_model::sweep::SweepResult;
        let spec = SweepSpec {
            x: Axis { lo: 100, hi: 900, n: 2 },
            y: Axis { lo: 500, hi: 500, n: 1 },
            seeds: 1,
            ..SweepKind::TtlPause.default_spec()
        };
        let d = sweep_description(Words::of(Lang::Ko), &SweepResult::compute(spec));
        assert!(d.contains("가장 큰 평균"), "{d}");
        assert!(d.contains("락 TTL (ms) 100"), "{d}");
        assert!(d.contains("500 ms → TTL 900 ms부터 0"), "{d}");
    }

    #[test]
    fn the_article_s_cells_are_in_its_korean() {
        use lab_model::article::ARTICLE_TABLES;
        let ko = Words::of(Lang::Ko);
        let cell = lab_model::article::Measured::Annotated(19.1, lab_model::article::CellNote::AlmostAllRejected);
        assert_eq!(crate::analysis::article_cell(ko, &cell, 1), "19.1 (거의 전부 거부)");
        for table in ARTICLE_TABLES {
            for row in table.rows {
                for cell in row.cells {
                    let text = crate::analysis::article_cell(ko, cell, 1);
                    assert!(!text.chars().any(|c| c.is_ascii_alphabetic()), "{} / {}: {text}", table.id, row.label);
                }
            }
        }
    }
}
