
DOMAIN NAME:           google.pl
registrant type:       organization
nameservers:           ns1.google.com. 
                       ns2.google.com. 
                       ns3.google.com. 
                       ns4.google.com. 
created:               2002.09.19 13:00:00
last modified:         2021.08.17 11:43:34
renewal date:          2022.09.18 14:00:00

option created:        2020.10.14 09:30:46
option expiration date:       2023.10.14 09:30:46

dnssec:                Unsigned


REGISTRAR:
Markmonitor, Inc.
3540 East Longwing Lane, Suite 300
Meridian, Idaho 83646
United States
+1.2083895740
ccops@markmonitor.com

WHOIS database responses: https://dns.pl/en/whois

WHOIS displays data with a delay not exceeding 15 minutes in relation to the .pl Registry system
