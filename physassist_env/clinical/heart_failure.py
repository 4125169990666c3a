"""Heart failure by its codes: the one list the topics read (the follow-up clinic after
a heart-failure admission, the rate of a red-cell transfusion).

ICD-10-CM I50 (heart failure), I11.0, I13.0, I13.2 (hypertensive heart disease with heart
failure); ICD-9-CM 428, 402.x1, 404.x1 and 404.x3.
"""

from __future__ import annotations

HEART_FAILURE = ("I50", "I110", "I130", "I132", "428", "40201", "40211", "40291", "40401", "40403", "40411", "40413", "40491", "40493")  # fmt: skip
