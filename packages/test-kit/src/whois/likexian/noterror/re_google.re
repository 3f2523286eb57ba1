%%
%% This is the AFNIC Whois server.
%%
%% complete date format : YYYY-MM-DDThh:mm:ssZ
%% short date format    : DD/MM
%% version              : FRNIC-2.5
%%
%% Rights restricted by copyright.
%% See https://www.afnic.fr/en/products-and-services/services/whois/whois-special-notice/
%%
%% Use '-h' option to obtain more information about this service.
%%
%% [1.1.1.1 REQUEST] >> google.re
%%
%% RL Net [##########] - RL IP [#######...]
%%

domain:      google.re
status:      ACTIVE
hold:        NO
holder-c:    DV1364-FRNIC
admin-c:     DC2023-FRNIC
tech-c:      MC239-FRNIC
zone-c:      NFC1-FRNIC
nsl-id:      NSL4386-FRNIC
registrar:   MARKMONITOR Inc.
Expiry Date: 2020-08-02T23:15:21Z
created:     2008-11-19T09:40:52Z
last-update: 2019-07-01T09:33:52Z
source:      FRNIC

ns-list:     NSL4386-FRNIC
nserver:     ns1.google.com
nserver:     ns2.google.com
nserver:     ns3.google.com
nserver:     ns4.google.com
source:      FRNIC

registrar:   MARKMONITOR Inc.
type:        Isp Option 1
address:     3540 East Longwing Lane
address:     
address:     ID 83646 MERIDIAN
country:     US
phone:       +1 208 389 5740
fax-no:      +1 208 389 5771
e-mail:      registry.admin@markmonitor.com
website:     http://www.markmonitor.com
anonymous:   NO
registered:  2002-01-10T12:00:00Z
source:      FRNIC

nic-hdl:     DV1364-FRNIC
type:        ORGANIZATION
contact:     DIGITAL VOX
address:     3, rue de Cremont bureau N 4
address:     97400 Saint-Denis
country:     RE
phone:       +262 262943943
fax-no:      +262 262943943
e-mail:      dns-admin@google.com
registrar:   MARKMONITOR Inc.
changed:     2010-08-05T10:00:56Z nic@nic.fr
anonymous:   NO
obsoleted:   NO
eligstatus:  ok
eligdate:    2010-08-05T10:00:56Z
reachstatus: not identified
source:      FRNIC

nic-hdl:     DC2023-FRNIC
type:        PERSON
contact:     David Cesar
address:     Digital Vox
address:     3, rue de Cremont bureau N 4
address:     97400 Saint-Denis
country:     RE
phone:       +262 262943943
fax-no:      +262 262943943
e-mail:      contact@digitalvox.net
registrar:   MARKMONITOR Inc.
changed:     2010-08-02T23:10:22Z nic@nic.fr
anonymous:   NO
obsoleted:   NO
eligstatus:  not identified
reachstatus: not identified
source:      FRNIC

nic-hdl:     MC239-FRNIC
type:        ROLE
contact:     MARKMONITOR CCOPS
address:     eMarkmonitor Inc. dba MarkMonitor
address:     PMB 155
address:     10400 Overland Road
address:     83709-1433 Boise, Id
address:     US
phone:       +01 2083895740
e-mail:      ccops@markmonitor.com
admin-c:     DL534-FRNIC
tech-c:      DL534-FRNIC
registrar:   MARKMONITOR Inc.
changed:     2008-10-10T16:18:55Z ccops@markmonitor.com
anonymous:   NO
obsoleted:   NO
eligstatus:  not identified
reachstatus: not identified
source:      FRNIC


