"""What a new user types first: ``physassist_env.load_dataset`` and ``gym.make("PhysAssist-v0")``."""

from __future__ import annotations

import datasets
import gymnasium as gym

import physassist_env


def test_load_dataset_matches_datasets_and_defaults_to_the_embedded_build(
    built_dataset, tmp_path, monkeypatch
):
    ours = physassist_env.load_dataset(path=built_dataset)
    theirs = datasets.load_dataset(str(built_dataset), "sessions")
    assert isinstance(ours, datasets.DatasetDict)
    assert {k: len(v) for k, v in ours.items()} == {
        k: len(v) for k, v in theirs.items()
    }
    assert ours["test"]["session_id"] == theirs["test"]["session_id"]
    import physassist_env.dataset.build as build

    monkeypatch.setattr(build, "default_dataset", lambda progress=True: built_dataset)
    monkeypatch.chdir(tmp_path)  # no ./physassistbench here: still loads
    patients = physassist_env.load_dataset("patients", split="test")
    expected = datasets.load_dataset(str(built_dataset), "patients", split="test")
    assert patients["patient_id"] == expected["patient_id"]


def test_gym_make_with_the_plain_id_after_import(built_dataset):
    env = gym.make("PhysAssist-v0", dataset=str(built_dataset))
    obs, info = env.reset(seed=0)
    assert info["messages"][-1]["role"] == "user" and obs
    env.close()
    envs = gym.make_vec(
        "PhysAssist-v0",
        num_envs=2,
        vectorization_mode="sync",
        dataset=str(built_dataset),
    )
    obs, _ = envs.reset(seed=0)
    assert len(obs) == 2
    envs.close()
    prefixed = gym.make("physassist_env:PhysAssist-v0", dataset=str(built_dataset))
    prefixed.close()
