"""Ward supportive orders of the synthetic hospital: real drugs, doses, routes and frequencies.

A real inpatient chart carries, besides the drugs of its diagnoses, a long tail of supportive
orders written by the ward team: bowel regimens, PRN analgesia and antiemetics, sleep aids,
skin, eye, mouth and nose care, vitamin supplements, IV fluids (MIMIC-IV demo:
64 prescription rows and 34 distinct drugs per admission, 548 drug names). Each entry is a
``Drug`` typed as the ``prescriptions``/``pharmacy``/``emar`` rows are (the usual adult dose,
route and frequency of the product label or the ward formulary) plus a reason the record must
hold for it (``WARD_REASONS``). Left out on purpose: opioids, benzodiazepines, NSAIDs,
anticoagulant flushes, potassium, sodium chloride or dextrose products (salt tablets read as IV
saline, an inpatient-only drug, by the discharge graders), insulins, steroids and antibiotics,
which the clinical rules and the monitored drug-lab pairs read (an unrequested one would change
what a session asks or grades).

No electrolyte product either: no magnesium, potassium, phosphate or calcium product given as
a supplement, nor a magnesium laxative (magnesium oxide, milk of magnesia, magnesium citrate,
calcium carbonate-vitamin D). Electrolytes are replaced by the clinical rules after a low value
(``meds``: potassium chloride, magnesium sulfate), and the scenario topics read any such product
given after the latest value as a replacement under way; a ward laxative of magnesium would
change the answer to "does the magnesium need replacing". Phosphate binders (calcium acetate,
sevelamer, lanthanum, ferric citrate) stay: they lower a phosphate, they do not replace one;
so does the sodium phosphate enema, as no rule or topic replaces phosphate.
"""

from __future__ import annotations

from physassist_env.synth.knowledge.drugs import Drug, _d

# fmt: off
_MORE: tuple[tuple, ...] = (
    # (key, MIMIC drug name, class, route, frequency, doses/24 h, unit, strengths, range, form)
    # Usual adult doses, routes and frequencies of the US product labels (DailyMed) / BNF.
    # inhalers and nebulised drugs of chronic airway disease (GOLD 2024, GINA 2024)
    ("budesonide_formoterol", "Budesonide-Formoterol (Symbicort 160/4.5)", "inhaled steroid/LABA", "IH", "BID", 2, "INH", (2,), (1, 2), "INH"),
    ("fluticasone_inh", "Fluticasone Propionate 110mcg", "inhaled corticosteroid", "IH", "BID", 2, "INH", (2,), (1, 2), "INH"),
    ("roflumilast", "Roflumilast", "PDE4 inhibitor", "PO", "DAILY", 1, "mcg", (500,), (250, 500)),
    ("acetylcysteine_neb", "Acetylcysteine 20%", "mucolytic", "IH", "Q6H PRN", 4, "mL", (3,), (3, 5), "VIAL"),
    # gastrointestinal
    ("hyoscyamine", "Hyoscyamine", "antispasmodic", "SL", "Q6H PRN", 4, "mg", (0.125,), (0.125, 0.25)),
    ("calcium_polycarbophil", "Calcium Polycarbophil", "bulk-forming laxative", "PO", "BID", 2, "mg", (625,), (625, 1250)),
    ("wheat_dextrin", "Wheat Dextrin (Benefiber)", "bulk-forming laxative", "PO", "DAILY", 1, "g", (3,), (3, 6), "PACKET"),
    ("docusate_liquid", "Docusate Sodium (Liquid)", "stool softener", "PO/NG", "BID", 2, "mg", (100,), (50, 100), "LIQ"),
    ("cholestyramine", "Cholestyramine", "bile acid sequestrant", "PO", "DAILY", 1, "g", (4,), (4, 8), "PACKET"),
    ("alvimopan", "Alvimopan", "peripheral opioid antagonist", "PO", "BID", 2, "mg", (12,), (12, 12), "CAP"),
    # skin, wounds, nails
    ("zinc_oxide", "Zinc Oxide", "barrier ointment", "TP", "QID PRN", 4, "Appl", (1,), (1, 1), "TUBE"),
    ("dimethicone", "Dimethicone 5% Cream", "barrier ointment", "TP", "TID PRN", 3, "Appl", (1,), (1, 1), "TUBE"),
    ("urea_cream", "Urea Cream 10%", "emollient", "TP", "BID", 2, "Appl", (1,), (1, 1), "TUBE"),
    ("clobetasol", "Clobetasol Propionate 0.05% Ointment", "topical corticosteroid (high potency)", "TP", "BID", 2, "Appl", (1,), (1, 1), "TUBE"),
    ("calcipotriene", "Calcipotriene 0.005% Cream", "topical vitamin D analogue", "TP", "BID", 2, "Appl", (1,), (1, 1), "TUBE"),
    ("ciclopirox", "Ciclopirox 8% Topical Solution", "topical antifungal (nail)", "TP", "DAILY", 1, "Appl", (1,), (1, 1), "BTL"),
    ("terbinafine_cream", "Terbinafine 1% Cream", "topical antifungal", "TP", "BID", 2, "Appl", (1,), (1, 1), "TUBE"),
    ("mupirocin_oint", "Mupirocin Ointment 2%", "topical antibacterial ointment", "TP", "TID", 3, "Appl", (1,), (1, 1), "TUBE"),
    ("lidocaine_oint", "Lidocaine 5% Ointment", "local anaesthetic jelly", "TP", "TID PRN", 3, "Appl", (1,), (1, 1), "TUBE"),
    # ear, eye, nose, mouth
    ("carbamide_peroxide", "Carbamide Peroxide 6.5%", "cerumenolytic", "BOTH EARS", "BID", 2, "DROP", (5,), (5, 10), "BTL"),
    ("ketotifen_eye", "Ketotifen Fumarate 0.025% Ophth", "ophthalmic antihistamine", "BOTH EYES", "BID", 2, "DROP", (1,), (1, 1), "BTL"),
    ("travoprost", "Travoprost 0.004% Ophth", "antiglaucoma drops", "BOTH EYES", "QHS", 1, "DROP", (1,), (1, 1), "BTL"),
    ("azelastine", "Azelastine 0.1% Nasal Spray", "nasal antihistamine", "NU", "BID", 2, "SPRY", (1,), (1, 2), "BTL"),
    ("artificial_saliva", "Artificial Saliva", "saliva substitute", "PO", "Q4H PRN", 6, "mL", (1,), (1, 2), "BTL"),
    # neurology, psychiatry, addiction
    ("sumatriptan", "Sumatriptan Succinate", "triptan", "PO", "DAILY PRN", 1, "mg", (50,), (25, 100)),
    ("mirtazapine", "Mirtazapine", "tetracyclic antidepressant", "PO", "QHS", 1, "mg", (7.5, 15), (7.5, 45)),
    ("hydroxyzine", "HydrOXYzine HCl", "antihistamine anxiolytic", "PO", "Q6H PRN", 4, "mg", (25,), (10, 50)),
    ("pramipexole", "Pramipexole", "dopamine agonist", "PO", "QHS", 1, "mg", (0.125, 0.25), (0.125, 0.5)),
    ("baclofen", "Baclofen", "muscle relaxant", "PO", "TID", 3, "mg", (5, 10), (5, 20)),
    ("tizanidine", "TiZANidine", "muscle relaxant", "PO", "Q8H PRN", 3, "mg", (2, 4), (2, 4)),
    ("naltrexone", "Naltrexone", "opioid antagonist (alcohol use disorder)", "PO", "DAILY", 1, "mg", (50,), (25, 50)),
    ("acamprosate", "Acamprosate Calcium", "alcohol deterrent", "PO", "TID", 3, "mg", (666,), (333, 666)),
    ("nicotine_lozenge", "Nicotine Lozenge", "nicotine replacement (short-acting)", "PO", "Q4H PRN", 6, "mg", (2, 4), (2, 4), "TAB"),
    # kidney, bone, lipids, urology, vascular
    ("calcitriol", "Calcitriol", "vitamin D analogue", "PO", "DAILY", 1, "mcg", (0.25,), (0.25, 0.5), "CAP"),
    ("lanthanum", "Lanthanum Carbonate", "phosphate binder", "PO", "TID", 3, "mg", (500,), (500, 1000), "TAB"),
    ("fenofibrate", "Fenofibrate", "fibrate", "PO", "DAILY", 1, "mg", (48, 145), (48, 145)),
    ("dutasteride", "Dutasteride", "5-alpha reductase inhibitor", "PO", "DAILY", 1, "mg", (0.5,), (0.5, 0.5), "CAP"),
    ("mirabegron", "Mirabegron", "beta-3 agonist", "PO", "DAILY", 1, "mg", (25,), (25, 50)),
    ("cilostazol", "Cilostazol", "PDE3 inhibitor", "PO", "BID", 2, "mg", (50, 100), (50, 100)),
    ("levocetirizine", "Levocetirizine", "non-sedating antihistamine", "PO", "QHS", 1, "mg", (2.5, 5), (2.5, 5)),
    ("hydroxychloroquine", "Hydroxychloroquine Sulfate", "antimalarial DMARD", "PO", "BID", 2, "mg", (200,), (200, 200)),
    ("tranexamic_acid", "Tranexamic Acid", "antifibrinolytic", "IV", "ONCE", 1, "g", (1,), (1, 1), "VIAL"),
    # procedures and the operating day (CDC 2017 surgical-site infection guideline: pre-operative
    # chlorhexidine bathing; local anaesthesia for paracentesis, AASLD 2021 ascites guidance)
    ("chg_wash", "Chlorhexidine Gluconate 4% Liquid", "surgical skin antiseptic", "TP", "ONCE", 1, "Appl", (1,), (1, 1), "BTL"),
    ("lidocaine_inj", "Lidocaine 1%", "local anaesthetic (injection)", "SC", "ONCE", 1, "mL", (5, 10), (2, 20), "VIAL"),
    ("bupivacaine", "Bupivacaine 0.25%", "local anaesthetic (injection)", "SC", "ONCE", 1, "mL", (20, 30), (10, 30), "VIAL"),
    ("peg_electrolyte", "PEG-3350 with Electrolytes", "bowel preparation", "PO", "ONCE", 1, "mL", (4000,), (2000, 4000), "BTL"),
    # home and ward drugs of chronic conditions (KDIGO 2017 CKD-MBD: calcimimetic; KDIGO 2012
    # anaemia in CKD: an ESA dose; ESC 2019 chronic coronary syndromes: long-acting nitrate;
    # ACG 2022 GERD: alginate add-on; ESPEN/ESC 2015 iron deficiency: IV iron)
    ("cinacalcet", "Cinacalcet", "calcimimetic", "PO", "DAILY", 1, "mg", (30,), (30, 60)),
    ("epoetin", "Epoetin Alfa", "erythropoiesis-stimulating agent", "SC", "ONCE", 1, "UNIT", (10000,), (4000, 10000), "VIAL"),
    ("isosorbide_mono", "Isosorbide Mononitrate (Extended Release)", "long-acting nitrate", "PO", "DAILY", 1, "mg", (30, 60), (30, 120)),
    ("alginate", "Alginic Acid-Aluminum Hydroxide (Gaviscon)", "alginate antacid", "PO", "QID PRN", 4, "TAB", (2,), (2, 4)),
    ("iron_sucrose", "Iron Sucrose", "IV iron", "IV", "ONCE", 1, "mg", (200,), (100, 300), "VIAL"),
    # adhesive small-bowel obstruction: water-soluble contrast challenge (Bologna 2017 ASBO guideline)
    ("diatrizoate", "Diatrizoate Meglumine-Sodium (Gastrografin)", "water-soluble contrast", "PO/NG", "ONCE", 1, "mL", (100,), (50, 100), "BTL"),
    # further alternatives of the catalogue's orders
    ("doxepin_low", "Doxepin HCl", "sleep aid", "PO", "QHS PRN", 1, "mg", (3, 6), (3, 6), "TAB"),
    ("trimethobenzamide", "Trimethobenzamide", "antiemetic", "PO", "Q8H PRN", 3, "mg", (300,), (300, 300), "CAP"),
    ("sorbitol", "Sorbitol 70% Solution", "osmotic laxative (sorbitol)", "PO", "DAILY PRN", 1, "mL", (30,), (30, 60), "LIQ"),
    ("bisacodyl_po", "Bisacodyl (EC)", "stimulant laxative", "PO", "DAILY PRN", 1, "mg", (5, 10), (5, 10), "TAB"),
    ("olopatadine", "Olopatadine 0.1% Ophth", "ophthalmic antihistamine", "BOTH EYES", "BID", 2, "DROP", (1,), (1, 1), "BTL"),
    ("bimatoprost", "Bimatoprost 0.01% Ophth", "antiglaucoma drops", "BOTH EYES", "QHS", 1, "DROP", (1,), (1, 1), "BTL"),
    ("brinzolamide", "Brinzolamide 1% Ophth Susp", "antiglaucoma drops", "BOTH EYES", "TID", 3, "DROP", (1,), (1, 1), "BTL"),
    ("mometasone_nasal", "Mometasone Furoate Nasal", "nasal steroid", "NU", "DAILY", 1, "SPRY", (2,), (2, 2), "BTL"),
    ("betamethasone_cream", "Betamethasone Valerate 0.1% Cream", "topical corticosteroid (medium potency)", "TP", "BID", 2, "Appl", (1,), (1, 1), "TUBE"),
    ("esomeprazole", "Esomeprazole Magnesium", "proton pump inhibitor", "PO", "DAILY", 1, "mg", (20, 40), (20, 40), "CAP"),
    ("rabeprazole", "Rabeprazole Sodium", "proton pump inhibitor", "PO", "DAILY", 1, "mg", (20,), (20, 20)),
    ("tolterodine", "Tolterodine", "antimuscarinic", "PO", "BID", 2, "mg", (1, 2), (1, 2)),
    ("entacapone", "Entacapone", "COMT inhibitor", "PO", "TID", 3, "mg", (200,), (200, 200)),
    ("rizatriptan", "Rizatriptan", "triptan", "PO", "DAILY PRN", 1, "mg", (5, 10), (5, 10)),
    ("varenicline", "Varenicline", "smoking cessation", "PO", "BID", 2, "mg", (0.5, 1), (0.5, 1)),
    ("ferric_citrate", "Ferric Citrate", "phosphate binder", "PO", "TID", 3, "mg", (210,), (210, 420)),
    ("umeclidinium_vilanterol", "Umeclidinium-Vilanterol (Anoro Ellipta)", "LAMA/LABA", "IH", "DAILY", 1, "INH", (1,), (1, 1), "DISK"),
    ("multivitamin_minerals", "Multivitamins W/minerals", "multivitamin with minerals", "PO", "DAILY", 1, "TAB", (1,), (1, 1)),
    # widening for issue #39's distinct-drug goal: drugs a general ward orders, as further
    # alternatives of the classes above or with their own reason (WARD_REASONS)
    ("saccharomyces", "Saccharomyces boulardii", "probiotic", "PO", "BID", 2, "mg", (250,), (250, 500), "CAP"),
    ("promethazine", "Promethazine HCl", "antiemetic", "PO", "Q6H PRN", 4, "mg", (12.5, 25), (12.5, 25)),
    ("granisetron", "Granisetron HCl", "antiemetic", "PO", "Q12H PRN", 2, "mg", (1,), (1, 1)),
    ("lanolin", "Lanolin Ointment", "emollient", "TP", "TID PRN", 3, "Appl", (1,), (1, 1), "TUBE"),
    ("colloidal_oatmeal", "Colloidal Oatmeal 1% Lotion", "emollient", "TP", "BID", 2, "Appl", (1,), (1, 1), "BTL"),
    ("econazole", "Econazole Nitrate 1% Cream", "topical antifungal", "TP", "DAILY", 1, "Appl", (1,), (1, 1), "TUBE"),
    ("tolnaftate", "Tolnaftate 1% Cream", "topical antifungal", "TP", "BID", 2, "Appl", (1,), (1, 1), "TUBE"),
    ("desonide", "Desonide 0.05% Cream", "topical corticosteroid (low potency)", "TP", "BID", 2, "Appl", (1,), (1, 1), "TUBE"),
    ("tazarotene", "Tazarotene 0.1% Cream", "topical retinoid", "TP", "QHS", 1, "Appl", (1,), (1, 1), "TUBE"),
    ("calamine", "Calamine Lotion", "antipruritic lotion", "TP", "TID PRN", 3, "Appl", (1,), (1, 1), "BTL"),
    ("cadexomer_iodine", "Cadexomer Iodine 0.9% Gel", "antimicrobial wound gel", "TP", "DAILY", 1, "Appl", (1,), (1, 1), "TUBE"),
    ("hypromellose", "Hypromellose 0.3% Ophth", "ocular lubricant ointment", "BOTH EYES", "QID PRN", 4, "DROP", (1, 2), (1, 2), "BTL"),
    ("polyvinyl_alcohol", "Polyvinyl Alcohol 1.4% Ophth", "ocular lubricant ointment", "BOTH EYES", "QID PRN", 4, "DROP", (1, 2), (1, 2), "BTL"),
    ("epinastine", "Epinastine 0.05% Ophth", "ophthalmic antihistamine", "BOTH EYES", "BID", 2, "DROP", (1,), (1, 1), "BTL"),
    ("tafluprost", "Tafluprost 0.0015% Ophth", "antiglaucoma drops", "BOTH EYES", "QHS", 1, "DROP", (1,), (1, 1), "BTL"),
    ("netarsudil", "Netarsudil 0.02% Ophth", "antiglaucoma drops", "BOTH EYES", "QHS", 1, "DROP", (1,), (1, 1), "BTL"),
    ("dorzolamide_timolol", "Dorzolamide-Timolol 2%-0.5% Ophth", "antiglaucoma drops", "BOTH EYES", "BID", 2, "DROP", (1,), (1, 1), "BTL"),
    ("cromolyn_nasal", "Cromolyn Sodium 4% Nasal", "nasal mast cell stabiliser", "NU", "TID", 3, "SPRY", (1,), (1, 1), "BTL"),
    ("desloratadine", "Desloratadine", "non-sedating antihistamine", "PO", "DAILY", 1, "mg", (5,), (5, 5)),
    ("zafirlukast", "Zafirlukast", "leukotriene receptor antagonist", "PO", "BID", 2, "mg", (20,), (20, 20)),
    ("suvorexant", "Suvorexant", "sleep aid", "PO", "QHS PRN", 1, "mg", (10,), (5, 20)),
    ("vitamin_e", "Vitamin E", "vitamin E", "PO", "DAILY", 1, "UNIT", (400,), (100, 400), "CAP"),
    ("alfuzosin", "Alfuzosin ER", "alpha blocker", "PO", "DAILY", 1, "mg", (10,), (10, 10)),
    ("silodosin", "Silodosin", "alpha blocker", "PO", "DAILY", 1, "mg", (8,), (4, 8), "CAP"),
    ("colesevelam", "Colesevelam", "bile acid sequestrant", "PO", "BID", 2, "mg", (1875,), (1875, 1875)),
    ("icosapent", "Icosapent Ethyl", "omega-3 supplement", "PO", "BID", 2, "g", (2,), (2, 2), "CAP"),
    ("mometasone_formoterol", "Mometasone-Formoterol (Dulera 200/5)", "inhaled steroid/LABA", "IH", "BID", 2, "INH", (2,), (2, 2), "INH"),
    ("fluticasone_vilanterol", "Fluticasone-Vilanterol (Breo Ellipta 100/25)", "inhaled steroid/LABA", "IH", "DAILY", 1, "INH", (1,), (1, 1), "DISK"),
    ("tiotropium_olodaterol", "Tiotropium-Olodaterol (Stiolto Respimat)", "LAMA/LABA", "IH", "DAILY", 1, "INH", (2,), (2, 2), "INH"),
    ("zolmitriptan", "Zolmitriptan", "triptan", "PO", "DAILY PRN", 1, "mg", (2.5,), (2.5, 5)),
    ("paricalcitol", "Paricalcitol", "vitamin D analogue", "PO", "DAILY", 1, "mcg", (1,), (1, 2), "CAP"),
    ("doxercalciferol", "Doxercalciferol", "vitamin D analogue", "PO", "DAILY", 1, "mcg", (1,), (1, 3.5), "CAP"),
    ("solifenacin", "Solifenacin Succinate", "antimuscarinic", "PO", "DAILY", 1, "mg", (5,), (5, 10)),
    ("trospium", "Trospium Chloride", "antimuscarinic", "PO", "BID", 2, "mg", (20,), (20, 20)),
    ("pentoxifylline", "Pentoxifylline ER", "haemorheologic agent", "PO", "TID", 3, "mg", (400,), (400, 400)),
    ("amantadine", "Amantadine HCl", "antiparkinsonian (NMDA antagonist)", "PO", "BID", 2, "mg", (100,), (100, 100), "CAP"),
    ("ropivacaine", "Ropivacaine 0.5%", "local anaesthetic (injection)", "SC", "ONCE", 1, "mL", (20,), (10, 30), "VIAL"),
    ("darbepoetin", "Darbepoetin Alfa", "erythropoiesis-stimulating agent", "SC", "ONCE", 1, "mcg", (40,), (25, 60), "SYR"),
    ("ranolazine", "Ranolazine ER", "antianginal (late sodium current inhibitor)", "PO", "BID", 2, "mg", (500,), (500, 1000)),
    ("ferric_carboxymaltose", "Ferric Carboxymaltose", "IV iron", "IV", "ONCE", 1, "mg", (750,), (500, 750), "VIAL"),
    ("calcitonin", "Calcitonin Salmon Nasal", "antiresorptive", "NU", "DAILY", 1, "UNIT", (200,), (200, 200), "BTL"),
    ("lubiprostone", "Lubiprostone", "secretagogue laxative", "PO", "BID", 2, "mcg", (24,), (8, 24), "CAP"),
    ("linaclotide", "Linaclotide", "secretagogue laxative", "PO", "DAILY", 1, "mcg", (145,), (72, 290), "CAP"),
    ("lactobacillus_gg", "Lactobacillus rhamnosus GG", "probiotic", "PO", "DAILY", 1, "CAP", (1,), (1, 1), "CAP"),
    ("cetylpyridinium", "Cetylpyridinium Chloride 0.07% Mouthwash", "oral antiseptic", "PO", "BID", 2, "mL", (20,), (15, 20), "LIQ"),
    ("benzocaine_lozenge", "Benzocaine 15 mg Lozenge", "throat lozenge", "PO", "Q4H PRN", 6, "TAB", (1,), (1, 1), "TAB"),
    ("zinc_oxide_cod", "Zinc Oxide-Cod Liver Oil (Desitin)", "barrier ointment", "TP", "QID PRN", 4, "Appl", (1,), (1, 1), "TUBE"),
    ("naphazoline", "Naphazoline 0.025%-Pheniramine 0.3% Ophth", "ophthalmic antihistamine", "BOTH EYES", "QID PRN", 4, "DROP", (1, 2), (1, 2), "BTL"),
)
"""Further ward and home drugs (the same fields as ``_d``), each with its reason below."""
# fmt: on

WARD_DRUGS: tuple[Drug, ...] = (
    # fmt: off
    # bowel care (constipation on immobility; loose stools)
    _d(
        "fleet_enema",
        "Fleet Enema (Saline)",
        "saline enema",
        "PR",
        "DAILY PRN",
        1,
        "mL",
        (133,),
        (118, 133),
        "BTL",
    ),
    _d(
        "glycerin_supp",
        "Glycerin Supps",
        "suppository laxative",
        "PR",
        "DAILY PRN",
        1,
        "g",
        (2,),
        (1, 2),
        "SUPP",
    ),
    _d(
        "mineral_oil_enema",
        "Mineral Oil Enema",
        "lubricant enema",
        "PR",
        "DAILY PRN",
        1,
        "mL",
        (133,),
        (118, 133),
        "BTL",
    ),
    _d(
        "loperamide",
        "Loperamide",
        "antidiarrhoeal",
        "PO",
        "QID PRN",
        4,
        "mg",
        (2,),
        (2, 4),
        "CAP",
    ),
    _d(
        "lactobacillus",
        "Lactobacillus acidophilus",
        "probiotic",
        "PO",
        "TID",
        3,
        "TAB",
        (1,),
        (1, 2),
        "CAP",
    ),
    # stomach and nausea
    _d(
        "sucralfate",
        "Sucralfate",
        "mucosal protectant",
        "PO",
        "QID",
        4,
        "g",
        (1,),
        (1, 1),
        "TAB",
    ),
    _d(
        "lansoprazole",
        "Lansoprazole Oral Disintegrating Tab",
        "proton pump inhibitor",
        "PO",
        "DAILY",
        1,
        "mg",
        (30,),
        (15, 30),
        "TAB",
    ),
    _d(
        "prochlorperazine",
        "Prochlorperazine",
        "antiemetic",
        "IV",
        "Q6H PRN",
        4,
        "mg",
        (5, 10),
        (5, 10),
        "VIAL",
    ),
    _d(
        "metoclopramide",
        "Metoclopramide",
        "antiemetic",
        "PO",
        "Q6H PRN",
        4,
        "mg",
        (5, 10),
        (5, 10),
        "TAB",
    ),
    _d(
        "lidocaine_viscous",
        "Lidocaine Viscous 2%",
        "local anaesthetic (oral)",
        "PO",
        "Q3H PRN",
        8,
        "mL",
        (15,),
        (5, 15),
        "LIQ",
    ),
    # mouth, throat, nose and ears
    _d(
        "chlorhexidine_rinse",
        "Chlorhexidine Gluconate 0.12% Oral Rinse",
        "oral antiseptic",
        "PO",
        "BID",
        2,
        "mL",
        (15,),
        (15, 15),
        "LIQ",
    ),
    _d(
        "nystatin_susp",
        "Nystatin Oral Suspension",
        "oral antifungal",
        "PO",
        "QID",
        4,
        "mL",
        (5,),
        (4, 6),
        "SUSP",
    ),
    _d(
        "cepacol",
        "Cepacol (Sore Throat Lozenge)",
        "throat lozenge",
        "PO",
        "Q4H PRN",
        6,
        "TAB",
        (1,),
        (1, 1),
        "TAB",
    ),
    _d(
        "saline_nasal",
        "Sodium Chloride Nasal",
        "nasal saline",
        "NU",
        "QID PRN",
        4,
        "SPRY",
        (1, 2),
        (1, 2),
        "BTL",
    ),
    _d(
        "oxymetazoline",
        "Oxymetazoline",
        "nasal decongestant",
        "NU",
        "BID PRN",
        2,
        "SPRY",
        (1, 2),
        (1, 2),
        "BTL",
    ),
    _d(
        "dextromethorphan_guaif",
        "Guaifenesin-Dextromethorphan",
        "antitussive",
        "PO",
        "Q6H PRN",
        4,
        "mL",
        (5, 10),
        (5, 10),
        "LIQ",
    ),
    # skin and wounds
    _d(
        "bacitracin",
        "Bacitracin Ointment",
        "topical antibacterial ointment",
        "TP",
        "BID",
        2,
        "Appl",
        (1,),
        (1, 1),
        "TUBE",
    ),
    _d(
        "mupirocin_nasal",
        "Mupirocin Nasal Ointment 2%",
        "nasal decolonisation",
        "NU",
        "BID",
        2,
        "Appl",
        (1,),
        (1, 1),
        "TUBE",
    ),
    _d(
        "calmoseptine",
        "Calmoseptine Ointment",
        "barrier ointment",
        "TP",
        "QID PRN",
        4,
        "Appl",
        (1,),
        (1, 1),
        "TUBE",
    ),
    _d(
        "hydrocerin",
        "Hydrocerin",
        "emollient",
        "TP",
        "BID",
        2,
        "Appl",
        (1,),
        (1, 1),
        "TUBE",
    ),
    _d(
        "petrolatum",
        "White Petrolatum-Mineral Oil",
        "emollient",
        "TP",
        "QID PRN",
        4,
        "Appl",
        (1,),
        (1, 1),
        "TUBE",
    ),
    _d(
        "nystatin_powder",
        "Nystatin Topical Powder",
        "topical antifungal",
        "TP",
        "BID",
        2,
        "Appl",
        (1,),
        (1, 1),
        "BTL",
    ),
    _d(
        "clotrimazole_cream",
        "Clotrimazole Cream 1%",
        "topical antifungal",
        "TP",
        "BID",
        2,
        "Appl",
        (1,),
        (1, 1),
        "TUBE",
    ),
    _d(
        "hydrocortisone_cream",
        "Hydrocortisone Cream 1%",
        "topical corticosteroid (low potency)",
        "TP",
        "BID PRN",
        2,
        "Appl",
        (1,),
        (1, 1),
        "TUBE",
    ),
    _d(
        "collagenase",
        "Collagenase Ointment",
        "enzymatic debridement",
        "TP",
        "DAILY",
        1,
        "Appl",
        (1,),
        (1, 1),
        "TUBE",
    ),
    _d(
        "capsaicin",
        "Capsaicin 0.025% Cream",
        "topical analgesic",
        "TP",
        "TID PRN",
        3,
        "Appl",
        (1,),
        (1, 1),
        "TUBE",
    ),
    _d(
        "menthol_gel",
        "Menthol Topical Gel",
        "topical analgesic",
        "TP",
        "QID PRN",
        4,
        "Appl",
        (1,),
        (1, 1),
        "TUBE",
    ),
    # eyes
    _d(
        "tear_ointment",
        "Artificial Tear Ointment",
        "ocular lubricant ointment",
        "BOTH EYES",
        "QHS PRN",
        1,
        "Appl",
        (1,),
        (1, 1),
        "TUBE",
    ),
    # sleep, muscle spasm
    _d(
        "trazodone",
        "TraZODone",
        "sleep aid",
        "PO",
        "QHS PRN",
        1,
        "mg",
        (25, 50),
        (25, 100),
    ),
    _d("ramelteon", "Ramelteon", "sleep aid", "PO", "QHS PRN", 1, "mg", (8,), (8, 8)),
    _d(
        "methocarbamol",
        "Methocarbamol",
        "muscle relaxant",
        "PO",
        "Q6H PRN",
        4,
        "mg",
        (500, 750),
        (500, 1500),
    ),
    # supplements and electrolytes
    _d(
        "sodium_bicarbonate_po",
        "Sodium Bicarbonate",
        "alkali supplement",
        "PO",
        "BID",
        2,
        "mg",
        (650,),
        (650, 1300),
    ),
    _d(
        "ascorbic_acid",
        "Ascorbic Acid",
        "vitamin C",
        "PO",
        "DAILY",
        1,
        "mg",
        (500,),
        (250, 1000),
    ),
    _d(
        "zinc_sulfate",
        "Zinc Sulfate",
        "zinc supplement",
        "PO",
        "DAILY",
        1,
        "mg",
        (220,),
        (220, 220),
        "CAP",
    ),
    _d(
        "nephrocaps",
        "Nephrocaps",
        "renal vitamin",
        "PO",
        "DAILY",
        1,
        "CAP",
        (1,),
        (1, 1),
        "CAP",
    ),
    _d(
        "pyridoxine",
        "Pyridoxine",
        "vitamin B6",
        "PO",
        "DAILY",
        1,
        "mg",
        (50,),
        (25, 100),
    ),
    _d(
        "fish_oil",
        "Fish Oil (Omega 3)",
        "omega-3 supplement",
        "PO",
        "DAILY",
        1,
        "mg",
        (1000,),
        (1000, 2000),
        "CAP",
    ),
    # IV fluids
    _d(
        "d5_half_ns",
        "D5 1/2NS",
        "IV fluid",
        "IV",
        "CONTINUOUS",
        1,
        "mL",
        (1000,),
        (250, 1000),
        "BAG",
    ),
    _d(
        "half_ns",
        "0.45% Sodium Chloride",
        "IV fluid",
        "IV",
        "CONTINUOUS",
        1,
        "mL",
        (1000,),
        (250, 1000),
        "BAG",
    ),
    # urinary tract
    _d(
        "phenazopyridine",
        "Phenazopyridine",
        "urinary analgesic",
        "PO",
        "TID",
        3,
        "mg",
        (100, 200),
        (100, 200),
    ),
    _d(
        "finasteride",
        "Finasteride",
        "5-alpha reductase inhibitor",
        "PO",
        "DAILY",
        1,
        "mg",
        (5,),
        (5, 5),
    ),
    # smoking (with the patch: combination NRT, USPSTF 2021)
    _d(
        "nicotine_gum",
        "Nicotine Polacrilex Gum",
        "nicotine replacement (short-acting)",
        "PO",
        "Q4H PRN",
        6,
        "mg",
        (2, 4),
        (2, 4),
        "TAB",
    ),
    # alternatives of the same class (the formulary's other product)
    _d(
        "aquaphor",
        "Aquaphor Ointment",
        "emollient",
        "TP",
        "BID PRN",
        2,
        "Appl",
        (1,),
        (1, 1),
        "TUBE",
    ),
    _d(
        "ammonium_lactate",
        "Ammonium Lactate 12% Lotion",
        "emollient",
        "TP",
        "BID",
        2,
        "Appl",
        (1,),
        (1, 1),
        "BTL",
    ),
    _d(
        "ketoconazole_cream",
        "Ketoconazole 2% Cream",
        "topical antifungal",
        "TP",
        "BID",
        2,
        "Appl",
        (1,),
        (1, 1),
        "TUBE",
    ),
    _d(
        "chloraseptic",
        "Phenol (Chloraseptic) Throat Spray",
        "throat lozenge",
        "PO",
        "Q4H PRN",
        6,
        "SPRY",
        (1, 2),
        (1, 2),
        "BTL",
    ),
    _d(
        "psyllium",
        "Psyllium Powder",
        "bulk-forming laxative",
        "PO",
        "DAILY",
        1,
        "g",
        (3.4,),
        (3.4, 6.8),
        "PWD",
    ),
    _d(
        "methylcellulose",
        "Methylcellulose (Citrucel)",
        "bulk-forming laxative",
        "PO",
        "DAILY",
        1,
        "g",
        (2,),
        (2, 4),
        "PWD",
    ),
    _d(
        "carboxymethylcellulose",
        "Carboxymethylcellulose Sodium 0.5% Ophth",
        "ocular lubricant ointment",
        "BOTH EYES",
        "QID PRN",
        4,
        "DROP",
        (1, 2),
        (1, 2),
        "BTL",
    ),
    _d(
        "witch_hazel",
        "Witch Hazel Pads",
        "hemorrhoidal astringent",
        "PR",
        "QID PRN",
        4,
        "Appl",
        (1,),
        (1, 1),
        "BTL",
    ),
    _d(
        "lidocaine_jelly",
        "Lidocaine Jelly 2% (Urojet)",
        "local anaesthetic jelly",
        "TP",
        "DAILY PRN",
        1,
        "mL",
        (5, 10),
        (5, 10),
        "TUBE",
    ),
    _d(
        "chg_cloth",
        "Chlorhexidine Gluconate 2% Cloth",
        "skin antiseptic",
        "TP",
        "DAILY",
        1,
        "Appl",
        (1,),
        (1, 1),
        "PACKET",
    ),
    # home drugs of background conditions, continued in hospital
    _d(
        "calcium_acetate",
        "Calcium Acetate",
        "phosphate binder",
        "PO",
        "TID",
        3,
        "mg",
        (667, 1334),
        (667, 2001),
        "CAP",
    ),
    _d(
        "sevelamer",
        "Sevelamer Carbonate",
        "phosphate binder",
        "PO",
        "TID",
        3,
        "mg",
        (800,),
        (800, 1600),
    ),
    _d(
        "ursodiol",
        "Ursodiol",
        "bile acid",
        "PO",
        "BID",
        2,
        "mg",
        (300,),
        (250, 500),
        "CAP",
    ),
    _d(
        "dicyclomine",
        "Dicyclomine",
        "antispasmodic",
        "PO",
        "QID PRN",
        4,
        "mg",
        (10, 20),
        (10, 20),
        "CAP",
    ),
    _d(
        "montelukast",
        "Montelukast",
        "leukotriene receptor antagonist",
        "PO",
        "QHS",
        1,
        "mg",
        (10,),
        (10, 10),
    ),
    _d(
        "cetirizine",
        "Cetirizine",
        "non-sedating antihistamine",
        "PO",
        "DAILY",
        1,
        "mg",
        (5, 10),
        (5, 10),
    ),
    _d(
        "fexofenadine",
        "Fexofenadine",
        "non-sedating antihistamine",
        "PO",
        "DAILY",
        1,
        "mg",
        (180,),
        (60, 180),
    ),
    _d(
        "timolol",
        "Timolol Maleate 0.5%",
        "antiglaucoma drops",
        "BOTH EYES",
        "BID",
        2,
        "DROP",
        (1,),
        (1, 1),
        "BTL",
    ),
    _d(
        "brimonidine",
        "Brimonidine Tartrate 0.15% Ophth.",
        "antiglaucoma drops",
        "BOTH EYES",
        "TID",
        3,
        "DROP",
        (1,),
        (1, 1),
        "BTL",
    ),
    _d(
        "dorzolamide",
        "Dorzolamide 2% Ophth. Soln.",
        "antiglaucoma drops",
        "BOTH EYES",
        "TID",
        3,
        "DROP",
        (1,),
        (1, 1),
        "BTL",
    ),
    _d(
        "areds",
        "PreserVision AREDS",
        "ocular vitamin",
        "PO",
        "BID",
        2,
        "CAP",
        (1,),
        (1, 1),
        "CAP",
    ),
    _d(
        "ezetimibe",
        "Ezetimibe",
        "cholesterol absorption inhibitor",
        "PO",
        "DAILY",
        1,
        "mg",
        (10,),
        (10, 10),
    ),
    _d(
        "tdap",
        "Tetanus-Diphtheria-Acellular Pertussis (Tdap)",
        "vaccine (tetanus)",
        "IM",
        "ONCE",
        1,
        "mL",
        (0.5,),
        (0.5, 0.5),
        "SYR",
    ),
    # fmt: on
    *(_d(*row) for row in _MORE),
)
"""The ward supportive drugs (registered in ``knowledge.DRUGS``)."""

WARD_REASONS: dict[str, frozenset[str]] = {
    "loperamide": frozenset({"cdiff"}),  # never with C. difficile (IDSA/SHEA 2017)
    "lansoprazole": frozenset({"gerd", "ugib", "K219", "K2970"}),
    "sucralfate": frozenset({"ugib", "gerd", "K2970"}),
    "nystatin_susp": frozenset({"copd", "copd_exac", "asthma", "asthma_exac", "dm2"}),
    "nystatin_powder": frozenset({"obesity", "dm2"}),
    "clotrimazole_cream": frozenset({"obesity", "dm2", "B351"}),
    "hydrocortisone_cream": frozenset({"L309", "L409", "ckd", "cirrhosis"}),
    "collagenase": frozenset({"stroke", "prior_stroke", "sepsis", "pvd"}),
    "nephrocaps": frozenset({"ckd"}),
    "sodium_bicarbonate_po": frozenset({"ckd"}),
    "phenazopyridine": frozenset({"uti", "pyelo"}),
    "finasteride": frozenset({"bph"}),
    "nicotine_gum": frozenset({"tobacco"}),
    "fish_oil": frozenset({"hld", "E785", "cad"}),
    "capsaicin": frozenset({"M1990", "M170", "G629", "M545", "M47816"}),
    "menthol_gel": frozenset({"M1990", "M170", "M545", "M47816", "G8929"}),
    "methocarbamol": frozenset({"M545", "M47816", "G8929", "M797"}),
    "tear_ointment": frozenset({"H269", "H409", "H3530", "Z961"}),
    "zinc_sulfate": frozenset({"sepsis", "cellulitis", "pvd", "cirrhosis"}),
    "mupirocin_nasal": frozenset({"cellulitis", "elective_tka", "elective_colectomy"}),
    "witch_hazel": frozenset({"ugib", "K5900"}),
    "lidocaine_jelly": frozenset({"bph", "R32", "uti"}),
    "calcium_acetate": frozenset({"ckd"}),
    "sevelamer": frozenset({"ckd"}),
    "ursodiol": frozenset({"K8020", "cholecystitis", "elective_chole", "cirrhosis"}),
    "dicyclomine": frozenset({"K589"}),
    "montelukast": frozenset({"asthma", "asthma_exac", "J309"}),
    "cetirizine": frozenset({"J309"}),
    "fexofenadine": frozenset({"J309"}),
    "timolol": frozenset({"H409"}),
    "brimonidine": frozenset({"H409"}),
    "dorzolamide": frozenset({"H409"}),
    "areds": frozenset({"H3530"}),
    "ezetimibe": frozenset({"hld", "E785", "cad"}),
    "tdap": frozenset(
        {"cellulitis"}
    ),  # a skin wound with no tetanus booster in 5-10 years (CDC ACIP)
    "psyllium": frozenset({"K5900", "K589", "K5730"}),
    "methylcellulose": frozenset({"K5900", "K589", "K5730"}),
    "calcium_polycarbophil": frozenset({"K5900", "K589", "K5730"}),
    "wheat_dextrin": frozenset({"K5900", "K589", "K5730"}),
    # GOLD 2024: ICS/LABA in COPD with exacerbations; GINA 2024: ICS-formoterol in asthma;
    # ICS alone only in asthma; roflumilast in severe COPD with chronic bronchitis
    "budesonide_formoterol": frozenset({"copd", "copd_exac", "asthma", "asthma_exac"}),
    "fluticasone_inh": frozenset({"asthma", "asthma_exac"}),
    "roflumilast": frozenset({"copd", "copd_exac"}),
    "acetylcysteine_neb": frozenset({"copd_exac", "pneumonia"}),
    "hyoscyamine": frozenset({"K589"}),
    "docusate_liquid": frozenset({"stroke"}),  # dysphagia after a stroke: liquid by NG
    "cholestyramine": frozenset(
        {"cirrhosis", "cirrhosis_decomp"}
    ),  # cholestatic itch (AASLD)
    "alvimopan": frozenset({"elective_colectomy"}),  # label: after bowel resection only
    "clobetasol": frozenset({"L409"}),
    "calcipotriene": frozenset({"L409"}),  # AAD-NPF 2021 psoriasis topical therapy
    "ciclopirox": frozenset({"B351"}),
    "terbinafine_cream": frozenset({"obesity", "dm2", "B351"}),
    "mupirocin_oint": frozenset({"cellulitis"}),
    "lidocaine_oint": frozenset(
        {"G629", "G8929"}
    ),  # localised neuropathic pain (NICE CG173)
    "carbamide_peroxide": frozenset(
        {"H9190"}
    ),  # cerumen in hearing loss (AAO-HNS 2017)
    "ketotifen_eye": frozenset({"J309"}),
    "travoprost": frozenset({"H409"}),
    "azelastine": frozenset({"J309"}),
    "artificial_saliva": frozenset({"stroke", "sepsis", "pneumonia", "copd_exac"}),
    "sumatriptan": frozenset({"G43909"}),
    "mirtazapine": frozenset({"F329", "depression"}),
    "hydroxyzine": frozenset({"F419"}),
    "pramipexole": frozenset({"G2581"}),
    "baclofen": frozenset({"M545", "M47816", "G8929", "M797"}),
    "tizanidine": frozenset({"M545", "M47816", "G8929", "M797"}),
    # APA 2018 pharmacotherapy of alcohol use disorder: naltrexone or acamprosate
    "naltrexone": frozenset({"aud", "etoh_withdrawal"}),
    "acamprosate": frozenset({"aud", "etoh_withdrawal"}),
    "nicotine_lozenge": frozenset({"tobacco"}),
    "calcitriol": frozenset(
        {"ckd"}
    ),  # KDIGO 2017 CKD-MBD: secondary hyperparathyroidism
    "lanthanum": frozenset({"ckd"}),
    "fenofibrate": frozenset({"hld", "E785"}),
    "dutasteride": frozenset({"bph"}),
    "mirabegron": frozenset({"R32"}),
    "cilostazol": frozenset({"pvd"}),  # ACC/AHA 2016 PAD: claudication
    "levocetirizine": frozenset({"J309"}),
    "hydroxychloroquine": frozenset({"M069"}),  # ACR 2021 rheumatoid arthritis
    "tranexamic_acid": frozenset({"elective_tka"}),  # AAOS/AAHKS 2018 arthroplasty TXA
    "chg_wash": frozenset({"elective_tka", "elective_colectomy", "elective_chole"}),
    "bupivacaine": frozenset({"elective_tka", "elective_colectomy", "elective_chole"}),
    "peg_electrolyte": frozenset(
        {"elective_colectomy"}
    ),  # ASCRS 2019 bowel preparation
    "lidocaine_inj": frozenset({"cirrhosis_decomp"}),
    "doxepin_low": frozenset({"G4700"}),  # AASM 2017 insomnia: low-dose doxepin
    "olopatadine": frozenset({"J309"}),
    "bimatoprost": frozenset({"H409"}),
    "brinzolamide": frozenset({"H409"}),
    "mometasone_nasal": frozenset({"J309"}),
    "betamethasone_cream": frozenset({"L309", "L409"}),
    # ACG 2022 GERD guideline: PPI for typical symptoms (one acid suppressant only)
    "esomeprazole": frozenset({"gerd", "K219"}),
    "rabeprazole": frozenset({"gerd", "K219"}),
    "tolterodine": frozenset({"R32"}),
    "entacapone": frozenset({"G20"}),  # with levodopa for wearing-off (AAN 2021)
    "rizatriptan": frozenset({"G43909"}),
    "varenicline": frozenset({"tobacco"}),  # ATS 2020 tobacco dependence treatment
    "ferric_citrate": frozenset({"ckd"}),
    "umeclidinium_vilanterol": frozenset({"copd", "copd_exac"}),
    "cinacalcet": frozenset({"ckd"}),
    "epoetin": frozenset({"ckd"}),
    "isosorbide_mono": frozenset({"cad"}),
    "alginate": frozenset({"gerd", "K219", "K449"}),
    "iron_sucrose": frozenset({"iron_def"}),
    "diatrizoate": frozenset({"sbo"}),
    # the widening's drugs: the reasons of the alternatives they join, else their own
    "econazole": frozenset({"obesity", "dm2", "B351"}),
    "tolnaftate": frozenset({"obesity", "dm2", "B351"}),
    "desonide": frozenset({"L309", "L409", "ckd", "cirrhosis"}),
    "tazarotene": frozenset({"L409"}),  # AAD-NPF 2021 psoriasis topical therapy
    "calamine": frozenset({"L309", "ckd", "cirrhosis"}),  # pruritus
    "cadexomer_iodine": frozenset({"stroke", "prior_stroke", "sepsis", "pvd"}),
    "epinastine": frozenset({"J309"}),
    "naphazoline": frozenset({"J309"}),
    "tafluprost": frozenset({"H409"}),
    "netarsudil": frozenset({"H409"}),
    "dorzolamide_timolol": frozenset({"H409"}),  # AAO 2020 POAG preferred practice
    "cromolyn_nasal": frozenset({"J309"}),  # AAAAI/ACAAI 2020 rhinitis parameter
    "desloratadine": frozenset({"J309"}),
    "zafirlukast": frozenset({"asthma", "asthma_exac"}),
    "suvorexant": frozenset(
        {"G4700"}
    ),  # AASM 2017 insomnia: suvorexant for maintenance
    "alfuzosin": frozenset({"bph"}),  # AUA 2021 BPH: alpha blocker
    "silodosin": frozenset({"bph"}),
    "colesevelam": frozenset(
        {"hld", "E785"}
    ),  # ACC/AHA 2018 cholesterol: non-statin add-on
    "icosapent": frozenset({"hld", "E785", "cad"}),  # REDUCE-IT; ADA 2024 with ASCVD
    "mometasone_formoterol": frozenset({"asthma", "asthma_exac"}),  # GINA 2024
    "fluticasone_vilanterol": frozenset({"copd", "copd_exac", "asthma", "asthma_exac"}),
    "tiotropium_olodaterol": frozenset({"copd", "copd_exac"}),  # GOLD 2024 LAMA/LABA
    "zolmitriptan": frozenset({"G43909"}),
    "paricalcitol": frozenset({"ckd"}),  # KDIGO 2017 CKD-MBD
    "doxercalciferol": frozenset({"ckd"}),
    "solifenacin": frozenset({"R32"}),
    "trospium": frozenset({"R32"}),
    "pentoxifylline": frozenset(
        {"pvd"}
    ),  # ACC/AHA 2016 PAD: second-line for claudication
    "amantadine": frozenset({"G20"}),  # AAN 2021: levodopa-induced dyskinesia
    "ropivacaine": frozenset({"elective_tka", "elective_colectomy", "elective_chole"}),
    "darbepoetin": frozenset({"ckd"}),  # KDIGO 2012 anaemia in CKD
    "ranolazine": frozenset({"cad"}),  # ACC/AHA 2023 chronic coronary disease: angina
    "ferric_carboxymaltose": frozenset({"iron_def"}),
    "calcitonin": frozenset({"M810"}),  # label: postmenopausal osteoporosis
    "lubiprostone": frozenset(
        {"K5900"}
    ),  # AGA/ACG 2023 chronic idiopathic constipation
    "linaclotide": frozenset({"K5900", "K589"}),  # the same, and ACG 2021 IBS-C
}
"""Ward drugs ordered only when the record holds one of these condition keys or background
ICD-10 codes (``loperamide``: only when it does NOT, see ``WARD_CONTRAINDICATED``)."""

WARD_CONTRAINDICATED: dict[str, frozenset[str]] = {
    "loperamide": frozenset({"cdiff", "sbo", "diverticulitis"}),
    "fleet_enema": frozenset(
        {"ckd", "aki", "chf", "hf_exac", "sbo"}
    ),  # phosphate nephropathy
    "mineral_oil_enema": frozenset({"sbo"}),
    "glycerin_supp": frozenset({"sbo"}),
    "metoclopramide": frozenset(
        {"sbo", "G20", "seizure", "seizure_d"}
    ),  # obstruction, Parkinson
    "prochlorperazine": frozenset({"G20"}),
    "trazodone": frozenset({"F319"}),
    "timolol": frozenset(
        {"asthma", "asthma_exac", "copd", "copd_exac"}
    ),  # non-selective beta blocker
    "psyllium": frozenset({"sbo"}),
    "methylcellulose": frozenset({"sbo"}),
    "dicyclomine": frozenset({"sbo", "bph"}),
    "oxymetazoline": frozenset({"htn_urgency"}),
    "half_ns": frozenset({"hyponatremia"}),
    "d5_half_ns": frozenset({"hyponatremia", "dka", "hhs"}),
    "calcium_polycarbophil": frozenset({"sbo"}),
    "wheat_dextrin": frozenset({"sbo"}),
    # product labels (DailyMed) unless stated
    "acetylcysteine_neb": frozenset({"asthma", "asthma_exac"}),  # bronchospasm
    "roflumilast": frozenset({"cirrhosis", "cirrhosis_decomp", "F329", "depression"}),
    "hyoscyamine": frozenset({"bph", "H409", "sbo"}),  # anticholinergic
    "cholestyramine": frozenset({"sbo"}),
    "alvimopan": frozenset({"cirrhosis", "cirrhosis_decomp"}),
    "sumatriptan": frozenset(  # ischaemic heart disease, stroke, PVD, uncontrolled HTN
        {"cad", "nstemi", "stemi", "chest_pain", "elective_pci", "stroke"}
        | {"prior_stroke", "pvd", "htn_urgency"}
    ),
    "baclofen": frozenset(
        {"ckd", "aki"}
    ),  # encephalopathy in renal impairment (Beers 2023)
    "tizanidine": frozenset(
        {"cirrhosis", "cirrhosis_decomp", "sepsis"}
    ),  # liver, hypotension
    "naltrexone": frozenset({"cirrhosis", "cirrhosis_decomp", "hep_enceph"}),
    "acamprosate": frozenset({"ckd", "aki"}),  # contraindicated at CrCl <= 30 mL/min
    "fenofibrate": frozenset(  # severe renal impairment, liver and gallbladder disease
        {"ckd", "aki", "cirrhosis", "cirrhosis_decomp", "cholecystitis", "K8020"}
        | {"elective_chole"}
    ),
    "mirabegron": frozenset({"htn_urgency"}),  # severe uncontrolled hypertension
    "cilostazol": frozenset(
        {"chf", "hf_exac", "ugib", "supratherapeutic_inr"}
    ),  # boxed: HF
    "levocetirizine": frozenset({"ckd"}),  # end-stage renal disease
    "peg_electrolyte": frozenset({"sbo"}),  # obstruction
    "rizatriptan": frozenset(  # as sumatriptan (triptan class labelling)
        {"cad", "nstemi", "stemi", "chest_pain", "elective_pci", "stroke"}
        | {"prior_stroke", "pvd", "htn_urgency"}
    ),
    "umeclidinium_vilanterol": frozenset({"asthma", "asthma_exac"}),  # LABA without ICS
    "entacapone": frozenset({"cirrhosis", "cirrhosis_decomp"}),  # hepatic impairment
    # ESA: uncontrolled hypertension, stroke (TREAT, Pfeffer MA et al., N Engl J Med 2009;
    # 361:2019), active bleeding; hypotension and volume-depletion states for a nitrate;
    # aluminium and magnesium in renal failure; IV iron in active infection (label caution)
    "epoetin": frozenset({"htn_urgency", "stroke", "prior_stroke", "ugib"}),
    "isosorbide_mono": frozenset({"sepsis", "ugib", "syncope", "pe", "stemi"}),
    "alginate": frozenset({"ckd", "aki"}),
    "iron_sucrose": frozenset({"sepsis", "pneumonia", "pyelo", "cellulitis"}),
    "cinacalcet": frozenset(
        {"seizure", "seizure_d"}
    ),  # hypocalcaemia lowers the threshold
    "fish_oil": frozenset({"ugib", "supratherapeutic_inr"}),  # bleeding
    "tranexamic_acid": frozenset(  # thromboembolic disease (label; AAOS 2018 caution)
        {"dvt", "pe", "stroke", "prior_stroke", "stemi", "nstemi", "af"}
    ),
    # the widening's drugs (product labels, DailyMed, unless stated)
    "saccharomyces": frozenset(
        {"sepsis"}
    ),  # fungaemia in the critically ill / central lines
    "naphazoline": frozenset({"H409"}),  # narrow-angle glaucoma (label)
    "cadexomer_iodine": frozenset({"E039"}),  # iodine: thyroid disease
    "dorzolamide_timolol": frozenset({"asthma", "asthma_exac", "copd", "copd_exac"}),
    "zafirlukast": frozenset({"cirrhosis", "cirrhosis_decomp"}),  # hepatic impairment
    "suvorexant": frozenset(
        {"cirrhosis", "cirrhosis_decomp", "G4733"}
    ),  # severe hepatic; OSA
    "alfuzosin": frozenset({"cirrhosis", "cirrhosis_decomp", "syncope"}),
    "silodosin": frozenset(
        {"ckd", "cirrhosis", "cirrhosis_decomp", "syncope"}
    ),  # CrCl < 30
    "colesevelam": frozenset({"sbo"}),  # bowel obstruction
    "icosapent": frozenset({"ugib", "supratherapeutic_inr"}),  # bleeding
    "tiotropium_olodaterol": frozenset({"asthma", "asthma_exac"}),  # LABA without ICS
    "zolmitriptan": frozenset(  # triptan class labelling
        {"cad", "nstemi", "stemi", "chest_pain", "elective_pci", "stroke"}
        | {"prior_stroke", "pvd", "htn_urgency"}
    ),
    "solifenacin": frozenset(
        {"H409", "cirrhosis_decomp"}
    ),  # narrow-angle glaucoma; liver
    "trospium": frozenset({"H409"}),
    "pentoxifylline": frozenset(  # recent cerebral or retinal haemorrhage, bleeding
        {"ugib", "stroke", "supratherapeutic_inr"}
    ),
    "amantadine": frozenset({"ckd", "aki"}),  # renal clearance
    "darbepoetin": frozenset(
        {"htn_urgency", "stroke", "prior_stroke", "ugib"}
    ),  # as epoetin
    "ranolazine": frozenset({"cirrhosis", "cirrhosis_decomp", "ckd", "aki"}),
    "ferric_carboxymaltose": frozenset({"sepsis", "pneumonia", "pyelo", "cellulitis"}),
    "lubiprostone": frozenset({"sbo"}),
    "linaclotide": frozenset({"sbo"}),
}
"""Ward drugs never ordered when the record holds one of these (the label's contraindications:
e.g. loperamide in C. difficile colitis, sodium phosphate enemas in kidney or heart failure)."""

WARD_SUPPORT: tuple[tuple[tuple[str, ...], float], ...] = (
    (("sorbitol",), 1.0),
    (("fleet_enema",), 0.6),
    (("glycerin_supp", "bisacodyl_po"), 0.6),
    (("mineral_oil_enema",), 0.4),
    (("loperamide",), 0.6),
    (("lactobacillus", "saccharomyces", "lactobacillus_gg"), 0.6),
    (("sucralfate",), 0.8),
    (("lansoprazole", "esomeprazole", "rabeprazole"), 0.8),
    (("prochlorperazine", "trimethobenzamide", "promethazine", "granisetron"), 1.0),
    (("metoclopramide",), 0.8),
    (("lidocaine_viscous",), 0.5),
    (("chlorhexidine_rinse", "cetylpyridinium"), 0.8),
    (("nystatin_susp",), 0.6),
    (("cepacol", "chloraseptic", "benzocaine_lozenge"), 0.8),
    (("saline_nasal",), 1.0),
    (("oxymetazoline",), 0.4),
    (("dextromethorphan_guaif",), 0.6),
    (("bacitracin", "mupirocin_oint"), 0.6),
    (("mupirocin_nasal",), 0.8),
    (("calmoseptine", "zinc_oxide", "dimethicone", "zinc_oxide_cod"), 1.0),
    (("hydrocerin", "aquaphor", "ammonium_lactate", "urea_cream", "lanolin"), 1.0),
    (("colloidal_oatmeal", "calamine"), 0.6),
    (("petrolatum",), 0.8),
    (("nystatin_powder",), 1.0),
    (
        ("clotrimazole_cream", "ketoconazole_cream", "terbinafine_cream", "econazole")
        + ("tolnaftate",),
        0.8,
    ),
    (("hydrocortisone_cream", "desonide"), 0.6),
    (("collagenase", "cadexomer_iodine"), 0.6),
    (("capsaicin",), 0.6),
    (("menthol_gel",), 0.8),
    (
        (
            "tear_ointment",
            "carboxymethylcellulose",
            "hypromellose",
            "polyvinyl_alcohol",
        ),
        0.6,
    ),
    (("trazodone", "doxepin_low", "suvorexant"), 1.0),
    (("ramelteon",), 0.5),
    (("methocarbamol",), 0.8),
    (("sodium_bicarbonate_po",), 0.8),
    (("ascorbic_acid",), 0.6),
    (("zinc_sulfate",), 0.8),
    (("nephrocaps",), 1.0),
    (("pyridoxine",), 0.3),
    (("fish_oil", "icosapent"), 0.6),
    (("vitamin_e",), 0.4),
    (("d5_half_ns",), 0.8),
    (("half_ns",), 0.5),
    (("phenazopyridine",), 1.0),
    (("finasteride", "dutasteride"), 1.0),
    (("nicotine_gum", "nicotine_lozenge"), 1.0),
    (("psyllium", "methylcellulose", "calcium_polycarbophil", "wheat_dextrin"), 0.6),
    (("witch_hazel",), 0.4),
    (("lidocaine_jelly",), 0.5),
    (("chg_cloth",), 1.0),
    (("calcium_acetate", "sevelamer", "lanthanum", "ferric_citrate"), 1.5),
    (("ursodiol",), 1.0),
    (("dicyclomine",), 1.0),
    (("montelukast", "zafirlukast"), 1.0),
    (("cetirizine", "fexofenadine", "levocetirizine", "desloratadine"), 1.0),
    (
        (
            "timolol",
            "brimonidine",
            "dorzolamide",
            "travoprost",
            "bimatoprost",
            "brinzolamide",
            "tafluprost",
            "netarsudil",
            "dorzolamide_timolol",
        ),
        2.0,
    ),
    (("areds",), 1.5),
    (("ezetimibe",), 0.8),
    (("tdap",), 1.0),
    (
        ("budesonide_formoterol", "fluticasone_inh", "mometasone_formoterol")
        + ("fluticasone_vilanterol",),
        1.5,
    ),
    (("roflumilast",), 0.6),
    (("acetylcysteine_neb",), 0.5),
    (("hyoscyamine",), 1.0),
    (("docusate_liquid",), 1.0),
    (("cholestyramine", "colesevelam"), 0.8),
    (("alvimopan",), 1.5),
    (("clobetasol", "calcipotriene", "betamethasone_cream", "tazarotene"), 1.5),
    (("ciclopirox",), 1.5),
    (("lidocaine_oint",), 0.6),
    (("carbamide_peroxide",), 1.5),
    (("ketotifen_eye", "olopatadine", "epinastine", "naphazoline"), 1.0),
    (("azelastine", "mometasone_nasal", "cromolyn_nasal"), 1.0),
    (("artificial_saliva",), 0.5),
    (("sumatriptan", "rizatriptan", "zolmitriptan"), 1.5),
    (("mirtazapine",), 1.0),
    (("hydroxyzine",), 1.0),
    (("pramipexole",), 1.5),
    (("baclofen", "tizanidine"), 0.8),
    (("naltrexone", "acamprosate"), 1.5),
    (("calcitriol", "paricalcitol", "doxercalciferol"), 1.5),
    (("fenofibrate",), 0.6),
    (("mirabegron", "tolterodine", "solifenacin", "trospium"), 1.5),
    (("cilostazol", "pentoxifylline"), 1.5),
    (("hydroxychloroquine",), 1.5),
    (("tranexamic_acid",), 2.0),
    (("entacapone", "amantadine"), 1.5),
    (("varenicline",), 0.5),
    (("umeclidinium_vilanterol", "tiotropium_olodaterol"), 1.0),
    (("chg_wash",), 2.0),
    (("bupivacaine", "lidocaine_inj", "ropivacaine"), 2.0),
    (("peg_electrolyte",), 1.5),
    (("cinacalcet",), 1.0),
    (("epoetin", "darbepoetin"), 1.0),
    (("isosorbide_mono", "ranolazine"), 0.8),
    (("alginate",), 0.6),
    (("iron_sucrose", "ferric_carboxymaltose"), 1.5),
    (("diatrizoate",), 2.0),
    (("alfuzosin", "silodosin"), 1.0),
    (("calcitonin",), 1.0),
    (("lubiprostone", "linaclotide"), 1.0),
)
"""Ward supportive orders (alternatives, weight) drawn with ``meds.WARD_EXTRAS``, one per class."""
WARD_QT: frozenset[str] = frozenset(
    {"prochlorperazine", "metoclopramide", "trazodone", "hydroxyzine", "mirtazapine"}
    | {"hydroxychloroquine", "tizanidine", "doxepin_low", "tolterodine"}
    | {"promethazine", "granisetron", "alfuzosin", "solifenacin", "ranolazine"}
    | {"amantadine"}
)
"""Ward drugs that prolong the QT interval (CredibleMeds QTdrugs list, known, possible or
conditional risk): never added beside a drug of the ``potassium_qt`` monitoring pair nor in
hypokalaemia (AHA/ACCF 2010 scientific statement on drug-induced QT prolongation: avoid
combining QT-prolonging drugs; correct potassium first)."""
WARD_NOT_WITH: dict[str, frozenset[str]] = {
    "naltrexone": frozenset(
        {"opioid"}
    ),  # precipitates withdrawal, blocks analgesia (label)
    "tizanidine": frozenset(
        {"fluoroquinolone"}
    ),  # ciprofloxacin: CYP1A2, contraindicated
    "fluticasone_inh": frozenset({"inhaled steroid/LABA"}),  # no second inhaled steroid
    # no second long-acting antimuscarinic or beta agonist (GOLD 2024)
    "umeclidinium_vilanterol": frozenset({"anticholinergic", "inhaled steroid/LABA"}),
    # bleeding beside an anticoagulant (label; ACC/AHA 2016 PAD)
    "cilostazol": frozenset({"anticoagulant", "vitamin K antagonist", "DOAC"}),
    "pentoxifylline": frozenset({"anticoagulant", "vitamin K antagonist", "DOAC"}),
    "tiotropium_olodaterol": frozenset({"anticholinergic", "inhaled steroid/LABA"}),
    "fluticasone_vilanterol": frozenset({"LAMA/LABA"}),  # no second LABA
    "mometasone_formoterol": frozenset({"LAMA/LABA"}),
}
"""Ward drugs never added beside an ordered drug of one of these classes."""
WARD_MAX_AGE: dict[str, int] = {
    "hydroxyzine": 64,
    "hyoscyamine": 64,
    "dicyclomine": 64,
    "methocarbamol": 64,
    "tolterodine": 64,
    "promethazine": 64,
    "solifenacin": 64,
    "trospium": 64,
}
"""Oldest age a ward drug is ordered at: strongly anticholinergic drugs and muscle relaxants
are to be avoided from 65 (AGS Beers Criteria 2023, J Am Geriatr Soc 2023;71:2052)."""
WARD_KEYS: frozenset[str] = frozenset(d.key for d in WARD_DRUGS)
"""Keys of the ward supportive drugs."""
