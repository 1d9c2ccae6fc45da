"""The relay between an interactive run's two programs (graders/relay.py), with plain pipes
standing in for the programs."""

from __future__ import annotations

import os

from judging.graders.relay import PIPE_BYTES, TRANSCRIPT_BYTES, Relay


def _pump(relay: Relay, rounds: int = 20) -> None:
    for _ in range(rounds):
        relay.pump(0.01)


def test_bytes_cross_in_both_directions_and_the_transcript_keeps_their_order() -> None:
    relay = Relay(team_output_limit=1000)
    try:
        os.write(relay.team_stdout, b"500\n")
        _pump(relay)
        assert os.read(relay.judge_stdin, 100) == b"500\n"
        os.write(relay.judge_stdout, b"higher\n")
        _pump(relay)
        assert os.read(relay.team_stdin, 100) == b"higher\n"
        assert relay.transcript.text() == ">500\n<higher"
        assert relay.idle()
    finally:
        relay.close()


def test_the_writers_end_of_file_reaches_the_reader_and_is_timed() -> None:
    relay = Relay(team_output_limit=1000)
    try:
        os.close(relay.team_stdout)
        _pump(relay)
        assert os.read(relay.judge_stdin, 100) == b""
        assert relay.to_judge.ended_at is not None
        assert not relay.judge_ended_first()
    finally:
        relay.close()


def test_a_writer_blocks_once_about_64_kib_are_unread() -> None:
    relay = Relay(team_output_limit=10 * PIPE_BYTES)
    try:
        os.set_blocking(relay.team_stdout, False)
        sent = 0
        for _ in range(200):
            try:
                sent += os.write(relay.team_stdout, b"x" * 4096)
            except BlockingIOError:
                _pump(relay, 2)
                try:
                    sent += os.write(relay.team_stdout, b"x" * 4096)
                except BlockingIOError:
                    break
        assert sent <= 2 * PIPE_BYTES + 8192
        assert not relay.idle()
    finally:
        relay.close()


def test_the_submission_is_cut_off_at_its_output_limit() -> None:
    relay = Relay(team_output_limit=100)
    try:
        os.write(relay.team_stdout, b"y" * 300)
        _pump(relay)
        assert relay.to_judge.limit_hit
        assert relay.to_judge.total == 100
        assert os.read(relay.judge_stdin, 1000) == b"y" * 100
    finally:
        relay.close()


def test_a_reader_that_is_gone_does_not_stop_the_writer() -> None:
    relay = Relay(team_output_limit=10**6)
    try:
        os.close(relay.judge_stdin)
        os.write(relay.team_stdout, b"z" * 1000)
        _pump(relay)
        os.write(relay.team_stdout, b"z" * 1000)  # no SIGPIPE, no EPIPE: the relay drains it
        _pump(relay)
        assert relay.to_judge.total == 2000
    finally:
        relay.close()


def test_the_transcript_is_capped_per_direction() -> None:
    relay = Relay(team_output_limit=10**6)
    try:
        os.close(relay.judge_stdin)
        for _ in range(10):
            os.write(relay.team_stdout, b"a" * 4000 + b"\n")
            _pump(relay, 3)
        text = relay.transcript.text()
        assert relay.transcript.kept[">"] == TRANSCRIPT_BYTES
        assert "more bytes from the submission not kept" in text
    finally:
        relay.close()
