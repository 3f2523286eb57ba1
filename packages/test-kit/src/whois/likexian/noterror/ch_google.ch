Domain name	google.ch

Registrar	MarkMonitor
2150 S Bonito Way, Suite 150
US-ID 83642 Meridian
Phone +1 8003377520
custserv@markmonitor.com

DNSSEC	no

Name servers
ns1.google.com
ns2.google.com
ns3.google.com
ns4.google.com

First registration date	31 May 1999
