Domain name	switch.ch

Registrar	Gandi SAS
boulevard Massena 63-65
FR-75013 Paris
Phone +33 170377661
support-en@support.gandi.net, support-fr@support.gandi.net

DNSSEC	yes

Name servers
ns2.switch.ch	130.59.31.29
ns2.switch.ch	2001:620:0:ff::2f
ns3.switch.ch	194.58.198.32
ns3.switch.ch	2a01:3f1:3032::53
scsnms.switch.ch	130.59.31.26
scsnms.switch.ch	2001:620:0:ff::a7

First registration date	before 1 January 1996
