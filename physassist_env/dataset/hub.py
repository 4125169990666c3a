"""``push_to_hub``: upload a build to the Hugging Face Hub, refusing MIMIC-derived data."""

from __future__ import annotations

import os

from physassist_env.dataset.licensing import SourceKind, licence_for
from physassist_env.dataset.loader import read_manifest


class RedistributionError(PermissionError):
    """The build's licence forbids (or does not allow us to assume) redistribution."""


def check_redistribution(
    path: str | os.PathLike[str],
    *,
    private: bool = True,
    allow_unknown_licence: bool = False,
) -> None:
    """Raise unless the build at ``path`` may be uploaded with this visibility.

    Rules: builds from MIMIC-IV, its demo (also as FHIR) or the authors' release are
    never uploaded; a build whose licence is unknown (a FHIR export without a declared
    licence) is uploaded only with ``allow_unknown_licence``; any non-synthetic build is
    uploaded only to a private repository.

    Raises:
        RedistributionError: Naming the source kind and the licence.
        FileNotFoundError: The folder or its manifest is missing.
    """
    info = read_manifest(path)
    kind = info.source.kind
    if info.mimic_derived or licence_for(info.source).mimic_derived:
        raise RedistributionError(
            f"refusing to push {info.path}: it is derived from MIMIC-IV (source kind "
            f"{kind.value!r}, licence {info.license_name}). MIMIC-derived data may not be "
            "redistributed through this package; share the build command instead."
        )
    if kind != SourceKind.SYNTHETIC and not private:
        raise RedistributionError(
            f"refusing to push {info.path} publicly: source kind {kind.value!r} is not "
            f"synthetic (licence: {info.license_name}). Check your source's licence, then "
            "push with private=True."
        )
    if licence_for(info.source).hf_id == "unknown" and not allow_unknown_licence:
        raise RedistributionError(
            f"refusing to push {info.path}: the licence of its source "
            f"({info.source.display_name}) is unknown. Declare the licence when building "
            "(SourceInfo.license), or pass allow_unknown_licence=True if you have checked "
            "that you may share it."
        )


def push_to_hub(
    path: str | os.PathLike[str],
    repo_id: str,
    *,
    private: bool = True,
    token: str | None = None,
    allow_unknown_licence: bool = False,
) -> str:
    """Upload a dataset folder to a Hub dataset repository.

    Args:
        path: The folder written by :func:`write_dataset`.
        repo_id: ``user/name`` of the dataset repository (created when missing).
        private: Create/keep the repository private; only synthetic builds may be public.
        token: Hub token (default: the logged-in user's).
        allow_unknown_licence: Push a build whose source licence is unknown (you have
            checked that you may share it).

    Returns:
        The URL of the commit.

    Raises:
        RedistributionError: Before any network access, for MIMIC-derived builds and for
            public pushes of non-synthetic builds, and (without
            ``allow_unknown_licence``) for builds of unknown licence.
    """
    check_redistribution(
        path, private=private, allow_unknown_licence=allow_unknown_licence
    )
    info = read_manifest(path)
    from huggingface_hub import HfApi

    api = HfApi(token=token)
    api.create_repo(repo_id, repo_type="dataset", private=private, exist_ok=True)
    commit = api.upload_folder(
        folder_path=str(info.path),
        repo_id=repo_id,
        repo_type="dataset",
        commit_message=f"PhysAssistBench build ({info.source.kind.value}, "
        f"physassistbench {info.package_version})",
    )
    return str(getattr(commit, "commit_url", commit))
