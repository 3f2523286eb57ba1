Domain Name: GITHUB.WS
Domain ID: D865CD2AE420835CE040010AAB015FFF
WHOIS Server: whois.markmonitor.com
Registrar URL: http://www.markmonitor.com/whois.asp
Updated Date: 2018-07-04T09:14:12Z
Creation Date: 2010-08-05T17:04:22Z
Registrar Registration Expiration Date: 2020-08-05T17:04:22Z
Registrar: MarkMonitor Inc.
Registrar IANA ID: 292
Registrar Abuse Contact Email: ccops@markmonitor.com
Registrar Abuse Contact Phone: 2083895740
Domain Status: clientTransferProhibited
Domain Status: clientDeleteProhibited
Domain Status: clientUpdateProhibited
Name Server: ns1.p16.dynect.net
Name Server: ns2.p16.dynect.net
Name Server: ns3.p16.dynect.net
Name Server: ns4.p16.dynect.net
DNSSEC: unsigned
URL of the ICANN WHOIS Data Problem Reporting System: http://wdprs.internic.net/
>>> Last update of WHOIS database: 2019-10-12T11:32:19Z <<<

For more information on Whois status codes, please visit https://icann.org/epp


