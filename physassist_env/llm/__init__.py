"""Language-model plumbing shared by the agents, the LLM patient, the judge and training.

* :mod:`~physassist_env.llm.openai_compat`: the one OpenAI-compatible chat client
  (retries, backoff, the API key read from an environment variable, never logged).
* :mod:`~physassist_env.llm.smollm2`: where the SmolLM2 model shipped on PyPI lives.

Nothing here imports torch or transformers at import time.
"""

from physassist_env.llm.openai_compat import ChatClient, EndpointError
from physassist_env.llm.smollm2 import smollm2_path

__all__ = ["ChatClient", "EndpointError", "smollm2_path"]
