# Copyright (c) 1997- The Swedish Internet Foundation.
# All rights reserved.
# The information obtained through searches, or otherwise, is protected
# by the Swedish Copyright Act (1960:729) and international conventions.
# It is also subject to database protection according to the Swedish
# Copyright Act.
# Any use of this material to target advertising or
# similar activities is forbidden and will be prosecuted.
# If any of the information below is transferred to a third
# party, it must be done in its entirety. This server must
# not be used as a backend for a search engine.
# Result of search for registered domain names under
# the .se top level domain.
# This whois printout is printed with UTF-8 encoding.
#
state:            active
domain:           nic.nu
holder:           stifte5683-00001
created:          1997-08-03
modified:         2022-01-26
expires:          2097-08-03
transferred:      2020-07-09
nserver:          nsa.dnsnode.net 194.58.192.32
nserver:          nsp.dnsnode.net 194.58.198.32
nserver:          nsu.dnsnode.net 185.42.137.98
dnssec:           signed delegation
registry-lock:    unlocked
status:           serverUpdateProhibited
status:           serverDeleteProhibited
status:           serverTransferProhibited
registrar:        Internetstift
